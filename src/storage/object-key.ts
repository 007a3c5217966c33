/**
 * The rules every store applies to keys, so that a key means the same object in memory and on disk.
 *
 * A key is `/`-separated, relative (no leading `/`), and has no empty, `.` or `..` segment: on a filesystem
 * `a//b` and `a/./b` would name the same file as `a/b` (and list back as `a/b`), and `..` would escape the
 * root. Breaking these rules is a bug in the caller, so it is a plain Error rather than a LakesqlError.
 */
export function checkObjectKey(key: string): string {
  if (key === '') throw new Error('object key must not be empty');
  for (const segment of key.split('/')) checkSegment(segment, key);
  return key;
}

/**
 * A key an object may be written under. Names shaped like `.<name>.<random>.tmp` belong to in-flight writes
 * (the local store's temp files, and Hadoop's and Spark's own): listings skip them, so an object stored
 * under one would be invisible.
 */
export function checkWritableKey(key: string): string {
  checkObjectKey(key);
  if (isInFlightTempName(lastSegment(key))) {
    throw new Error(
      `object key ${JSON.stringify(key)} has the shape of an in-flight temp file (.<name>.tmp)`,
    );
  }
  return key;
}

/**
 * A listing prefix: `''` (everything), a folder (`_delta_log/`) or a partial name (`_delta_log/000000000000000000`).
 * Every complete segment obeys the key rules; the partial name after the last `/` may be anything.
 */
export function checkListPrefix(prefix: string): string {
  const cut = prefix.lastIndexOf('/');
  if (cut >= 0) for (const segment of prefix.slice(0, cut).split('/')) checkSegment(segment, prefix);
  return prefix;
}

/** True for the names of in-flight writes' temp files, which listings skip. */
export function isInFlightTempName(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

export function lastSegment(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

const utf8 = new TextEncoder();

/** Strings are stored as their UTF-8 bytes. */
export function toBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? utf8.encode(data) : data;
}

/** Lexicographic by UTF-16 code unit, the order the ObjectStore contract promises. */
export function byPath(a: { readonly path: string }, b: { readonly path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** `getRange` takes a non-negative start and length; a range past the end is cut short, not an error. */
export function checkByteRange(start: number, length: number): void {
  if (!Number.isSafeInteger(start) || start < 0 || !Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`invalid byte range: start ${start}, length ${length}`);
  }
}

function checkSegment(segment: string, whole: string): void {
  if (segment === '' || segment === '.' || segment === '..') {
    throw new Error(
      `invalid object key ${JSON.stringify(whole)}: keys are relative, '/'-separated, without empty, '.' or '..' segments`,
    );
  }
}
