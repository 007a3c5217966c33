/**
 * The kinds of files in `_delta_log/`, recognised by name (PROTOCOL.md "File Types").
 * Anything else in the folder (`.crc` sidecars of Hadoop, `_staged_commits/`, temp files) is ignored.
 */
import type { ObjectMeta } from '../storage/object-store.js';

export const LOG_DIR = '_delta_log/';
export const LAST_CHECKPOINT_KEY = `${LOG_DIR}_last_checkpoint`;
export const SIDECAR_DIR = `${LOG_DIR}_sidecars/`;

export type LogFile =
  | { readonly kind: 'commit'; readonly version: number; readonly meta: ObjectMeta }
  | { readonly kind: 'classicCheckpoint'; readonly version: number; readonly meta: ObjectMeta }
  | {
      readonly kind: 'multiPartCheckpoint';
      readonly version: number;
      readonly part: number;
      readonly numParts: number;
      readonly meta: ObjectMeta;
    }
  | {
      readonly kind: 'v2Checkpoint';
      readonly version: number;
      readonly format: 'json' | 'parquet';
      readonly meta: ObjectMeta;
    }
  | {
      readonly kind: 'compaction';
      readonly version: number;
      readonly endVersion: number;
      readonly meta: ObjectMeta;
    }
  | { readonly kind: 'checksum'; readonly version: number; readonly meta: ObjectMeta };

export type CheckpointFile = Extract<
  LogFile,
  { kind: 'classicCheckpoint' | 'multiPartCheckpoint' | 'v2Checkpoint' }
>;

const COMMIT = /^(\d{20})\.json$/;
const CLASSIC = /^(\d{20})\.checkpoint\.parquet$/;
const MULTI = /^(\d{20})\.checkpoint\.(\d{10})\.(\d{10})\.parquet$/;
const V2 = /^(\d{20})\.checkpoint\.[0-9a-fA-F-]{36}\.(json|parquet)$/;
const COMPACTION = /^(\d{20})\.(\d{20})\.compacted\.json$/;
const CHECKSUM = /^(\d{20})\.crc$/;

/** Classifies one listed object; undefined for files that are not part of the log protocol. */
export function classifyLogFile(meta: ObjectMeta): LogFile | undefined {
  if (!meta.path.startsWith(LOG_DIR)) return undefined;
  const name = meta.path.slice(LOG_DIR.length);
  let m: RegExpExecArray | null;
  if ((m = COMMIT.exec(name))) return { kind: 'commit', version: Number(m[1]), meta };
  if ((m = CLASSIC.exec(name))) return { kind: 'classicCheckpoint', version: Number(m[1]), meta };
  if ((m = MULTI.exec(name)))
    return {
      kind: 'multiPartCheckpoint',
      version: Number(m[1]),
      part: Number(m[2]),
      numParts: Number(m[3]),
      meta,
    };
  if ((m = V2.exec(name)))
    return { kind: 'v2Checkpoint', version: Number(m[1]), format: m[2] as 'json' | 'parquet', meta };
  if ((m = COMPACTION.exec(name)))
    return { kind: 'compaction', version: Number(m[1]), endVersion: Number(m[2]), meta };
  if ((m = CHECKSUM.exec(name))) return { kind: 'checksum', version: Number(m[1]), meta };
  return undefined;
}

const COMMIT_FOLDER = /^_delta_log\/(\d{20})\.json\//;

/**
 * The version of the commit whose name a folder holding `meta` has (`_delta_log/<v>.json/…`), else
 * undefined. A commit is a file; a folder under its name is damage that would otherwise read as a missing
 * version, the table silently one commit shorter.
 */
export function commitNamedFolderVersion(meta: ObjectMeta): number | undefined {
  const m = COMMIT_FOLDER.exec(meta.path);
  return m ? Number(m[1]) : undefined;
}

export function versionPrefix(version: number): string {
  return String(version).padStart(20, '0');
}

export function commitKey(version: number): string {
  return `${LOG_DIR}${versionPrefix(version)}.json`;
}

export function classicCheckpointKey(version: number): string {
  return `${LOG_DIR}${versionPrefix(version)}.checkpoint.parquet`;
}

export function checksumKey(version: number): string {
  return `${LOG_DIR}${versionPrefix(version)}.crc`;
}
