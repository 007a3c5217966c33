/**
 * A plain CSV read decided once per DataFrame. `spark.read.csv()` decides the read (csv-plain-read.ts: one
 * pass over the bytes finds them plain and gives Spark's types) to settle the DataFrame's schema, and every
 * action resolves the DataFrame's read_files() again, with that schema pinned. Over the same bytes, the
 * pinned schema's types are exactly those the pass inferred, and every one reads alike in both readers
 * (csv-token-shapes.ts), so a second pass can only decide the same read: the action reuses the decision when
 * the files are provably the bytes it saw, and decides again otherwise.
 *
 * "Provably the same": the same files, in the same order, with the size and modification time they were
 * listed with (Spark's file index keeps the same facts about a DataFrame's files). A file written within
 * the file system's timestamp granularity of the decision (or stamped in the future) could change again
 * without its modification time moving, so for such a recent file the decision also keeps a digest of its
 * bytes and the action compares it (reading the bytes, but not scanning them).
 */
import { createHash } from 'node:crypto';
import { type StructType, sqlTypeName } from '../../types/data-types.js';
import type { DataSourceOptions } from '../data-source-options.js';
import type { DataFile } from '../paths/data-files.js';
import { type PlainCsvRead, plainCsvOptions } from './csv-plain-read.js';

/**
 * How close to the decision a file's modification time (as listed: milliseconds, floored) may be for that
 * time to prove nothing, since a later write could leave it unchanged. Local file systems keep times in
 * nanoseconds but stamp them from a clock that advances once per kernel tick (at most 10 ms), and exFAT
 * counts in 10 ms: a time with a fraction of a second says the file system is one of those, and 100 ms covers
 * them. A time of whole seconds may come from one that keeps seconds or even seconds (ext3, HFS+, FAT), or by
 * chance from the others: 2 s covers both.
 */
export function recentWriteWindowMs(lastModified: number): number {
  return lastModified % 1000 === 0 ? 2000 : 100;
}

interface FileFingerprint {
  readonly localPath: string;
  readonly size: number;
  readonly lastModified: number;
  /** For a file written within recentWriteWindowMs of the decision: its bytes' digest. */
  readonly digest: string | undefined;
}

/** Options read_files() adds to the DataFrame's own: they restate the format and the schema it settled. */
const RESTATED = new Set(['format', 'schema']);

export class PlainCsvDecision {
  constructor(
    readonly read: PlainCsvRead,
    /** The options the read was decided with, as read_files() passes them back (less RESTATED). */
    private readonly options: string,
    private readonly files: readonly FileFingerprint[],
  ) {}

  /**
   * The decided read for a resolution of the same read over `listed` (the files as listed now), or
   * undefined when the decision cannot be shown to hold; `userSchema` is the schema the DataFrame pinned.
   */
  async reuse(
    listed: readonly DataFile[],
    options: DataSourceOptions,
    userSchema: StructType | undefined,
  ): Promise<PlainCsvRead | undefined> {
    if (optionsKey(options) !== this.options) return undefined;
    // Without a schema the read infers one, which this decision's is only if it inferred too.
    if (
      userSchema === undefined
        ? this.read.userSchema !== undefined
        : !sameFields(userSchema, this.read.schema)
    )
      return undefined;
    if (listed.length !== this.files.length) return undefined;
    for (const [i, f] of listed.entries()) {
      const known = this.files[i]!;
      if (
        f.store.localPath(f.key) !== known.localPath ||
        f.size !== known.size ||
        f.lastModified !== known.lastModified
      )
        return undefined;
      if (known.digest !== undefined && digestOf(await f.store.get(f.key)) !== known.digest) return undefined;
    }
    const o = plainCsvOptions(this.read.files, options, userSchema);
    if (o === undefined) return undefined;
    // The pinned schema as the action states it (the undecided read would give that one, nullability and all).
    return { ...this.read, options: o, schema: userSchema ?? this.read.schema, userSchema };
  }
}

/**
 * The decision to keep for `read`, decided over `files` (as listed) whose `bytes` were read from
 * `readStart` (ms since the epoch, taken before reading).
 */
export function plainCsvDecision(
  read: PlainCsvRead,
  options: DataSourceOptions,
  files: readonly DataFile[],
  bytes: readonly Uint8Array[],
  readStart: number,
): PlainCsvDecision {
  const prints = files.map((f, i) => {
    // Bytes of another length than listed: the file changed while it was read, and only a digest can tell.
    const moving = bytes[i]!.length !== f.size;
    const recent = readStart - f.lastModified < recentWriteWindowMs(f.lastModified);
    return {
      localPath: read.files[i]!.localPath,
      size: f.size,
      lastModified: f.lastModified,
      digest: moving || recent ? digestOf(bytes[i]!) : undefined,
    };
  });
  return new PlainCsvDecision(read, optionsKey(options), prints);
}

function optionsKey(options: DataSourceOptions): string {
  const own = options.entries().filter(([k]) => !RESTATED.has(k));
  return JSON.stringify(own.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Same names and types, in order (the pinned schema comes back through DDL text, so not the same object). */
function sameFields(a: StructType, b: StructType): boolean {
  return (
    a.fields.length === b.fields.length &&
    a.fields.every(
      (f, i) => f.name === b.fields[i]!.name && sqlTypeName(f.type) === sqlTypeName(b.fields[i]!.type),
    )
  );
}

function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}
