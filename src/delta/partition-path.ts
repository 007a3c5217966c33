/**
 * Where partitioned data files go and how their paths are written into `add.path`.
 *
 * Two encodings stack, and readers must undo exactly one of them:
 *  1. Hive-style directories `col=value`, with the value escaped by Spark's ExternalCatalogUtils.escapePathName
 *     (`A/A` -> `A%2FA`). This is the directory's real name on storage. The protocol does not require it
 *     ("This directory format is only used to follow existing conventions"), but every engine follows it.
 *  2. `add.path` is that real relative path as an RFC 2396 URI (PROTOCOL.md, "Add File and Remove File":
 *     "encoded as an RFC 2396 URI"), which Delta builds with Hadoop's Path.toUri, i.e. java.net.URI's
 *     quoting: `x=A%2FA` is written `x=A%252FA` and a space is `%20`. Readers decode once (decodeAddPath).
 */

/** Spark's default partition directory name for a NULL (or empty-string) value. */
export const HIVE_DEFAULT_PARTITION = '__HIVE_DEFAULT_PARTITION__';

// Spark's charToEscape (ExternalCatalogUtils, copied from Hive's FileUtils): U+0001..U+001F,
// " # % ' * / : = ? \ U+007F { [ ] ^. Spark adds space < > | only when running on Windows; lakesql
// follows the POSIX behaviour so that directories match the ones Spark writes on Linux clusters.
const ESCAPED = new Set<number>([
  0x22, 0x23, 0x25, 0x27, 0x2a, 0x2f, 0x3a, 0x3d, 0x3f, 0x5c, 0x7f, 0x7b, 0x5b, 0x5d, 0x5e,
]);

// NUL too, which Spark leaves as is: no file system takes it in a name (Spark's write fails there, lakesql's
// failed untyped), and `%00` reads back as NUL. The value itself is the log's partitionValues either way.
function needsEscaping(c: number): boolean {
  return c <= 0x1f || ESCAPED.has(c);
}

/** escapePathName: the characters above become `%XX` (upper-case hex); everything else stays as is. */
export function escapePartitionPathValue(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += needsEscaping(c) ? `%${c.toString(16).toUpperCase().padStart(2, '0')}` : s[i];
  }
  return out;
}

/** unescapePathName: every `%XX` with two hex digits becomes that character (code unit 0..255). */
export function unescapePartitionPathValue(s: string): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** `col=value` for one partition column; NULL and the empty string become __HIVE_DEFAULT_PARTITION__. */
export function partitionPathSegment(column: string, value: string | null): string {
  const v = value === null || value === '' ? HIVE_DEFAULT_PARTITION : escapePartitionPathValue(value);
  return `${escapePartitionPathValue(column)}=${v}`;
}

/**
 * The Hive-style directory of a partition, `a=1/b=x%2Fy`, in partition column order. `values` holds the
 * serialized partition value of each column (see serializePartitionValue), keyed by the name used in
 * `partitionColumns`.
 */
export function partitionDirectory(
  partitionColumns: readonly string[],
  values: Readonly<Record<string, string | null>>,
): string {
  return partitionColumns.map((c) => partitionPathSegment(c, values[c] ?? null)).join('/');
}

/** Reads `col=value` back (the value unescaped; __HIVE_DEFAULT_PARTITION__ is null). */
export function parsePartitionPathSegment(
  segment: string,
): { column: string; value: string | null } | undefined {
  const eq = segment.indexOf('=');
  if (eq <= 0) return undefined;
  const raw = segment.slice(eq + 1);
  return {
    column: unescapePartitionPathValue(segment.slice(0, eq)),
    value: raw === HIVE_DEFAULT_PARTITION ? null : unescapePartitionPathValue(raw),
  };
}

// java.net.URI's legal path characters: unreserved (alphanumerics and - _ . ! ~ * ' ( )), punct (, ; : $ & + =),
// @ and the separator /. Non-ASCII characters that are neither space separators nor ISO controls are also
// left as they are ("other" in java.net.URI), so `add.path` matches what Spark writes byte for byte.
const URI_PATH_LEGAL = /[A-Za-z0-9\-_.!~*'(),;:$&+=@/]/;

/** The relative path of a data file as `add.path` must hold it (a path, not an absolute URI). */
export function encodeAddPath(relativePath: string): string {
  let out = '';
  for (const ch of relativePath) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80 ? URI_PATH_LEGAL.test(ch) : !isSpaceOrControl(c)) out += ch;
    else
      for (const b of new TextEncoder().encode(ch))
        out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Undoes the URI encoding of an `add.path` (or DV absolute path) once: `%XX` sequences are UTF-8 bytes.
 * A `%` not followed by two hex digits is kept literally, and `+` is a plus (this is not form encoding).
 */
export function decodeAddPath(path: string): string {
  if (!path.includes('%')) return path;
  return path.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    return utf8.decode(bytes);
  });
}

const utf8 = new TextDecoder('utf-8');

function isSpaceOrControl(c: number): boolean {
  // Character.isISOControl (U+0080..U+009F here) and Character.isSpaceChar (Unicode Zs, Zl, Zp).
  return (c >= 0x80 && c <= 0x9f) || /\p{Z}/u.test(String.fromCodePoint(c)) || (c >= 0xd800 && c <= 0xdfff);
}
