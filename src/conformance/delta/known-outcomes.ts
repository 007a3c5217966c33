/**
 * Expected outcomes of the tables whose MANIFEST.json `expected.kind` is `none`: the behaviour is written
 * in prose (the README's notes column), and this table turns it into something checkable. Every entry
 * cites the note it models.
 */

export type KnownOutcome =
  /** The table must not be readable; any LakesqlError passes. */
  | { readonly kind: 'error'; readonly reason: string }
  /** Log-only tables: the snapshot's version and its active `add.path`s exactly as the log writes them. */
  | { readonly kind: 'activeFiles'; readonly version: number; readonly paths: readonly string[] };

const canonicalizedPaths: KnownOutcome = {
  // "After canonicalization the remove cancels the add: expected version 1, 0 active files."
  kind: 'activeFiles',
  version: 1,
  paths: [],
};

export const KNOWN_OUTCOMES: Readonly<Record<string, KnownOutcome>> = {
  'golden/canonicalized-paths-normal-a': canonicalizedPaths,
  'golden/canonicalized-paths-normal-b': canonicalizedPaths,
  'golden/canonicalized-paths-special-a': canonicalizedPaths,
  'golden/canonicalized-paths-special-b': canonicalizedPaths,
  // "each adds file i and removes i-1; checkpoint at 10. Expected: latest version 14, exactly one active file ("15")."
  'golden/checkpoint': { kind: 'activeFiles', version: 14, paths: ['15'] },
  // "foo is added, removed, then re-added …, and bar is added. Expected: 2 active files (foo, bar)."
  'golden/delete-re-add-same-file-different-transactions': {
    kind: 'activeFiles',
    version: 3,
    paths: ['bar', 'foo'],
  },
  // "A commitInfo with every optional field … Metadata() has no schemaString." Like update-deleted-directory
  // (a metaData without schemaString, where the note expects the snapshot to load), the log has version 0 and
  // one add, "abc".
  'golden/deltalog-commit-info': { kind: 'activeFiles', version: 0, paths: ['abc'] },
  // "One add with path `special%20p@%23h` (no data file)." Paths are compared as the log writes them.
  'golden/log-replay-special-characters-b': { kind: 'activeFiles', version: 0, paths: ['special%20p@%23h'] },
  // "10 fake adds and a checkpoint at 0. Expected: version 0, 10 active files."
  'golden/update-deleted-directory': {
    kind: 'activeFiles',
    version: 0,
    paths: ['1', '10', '2', '3', '4', '5', '6', '7', '8', '9'],
  },
  'golden/data-reader-absolute-paths-escaped-chars': {
    kind: 'error',
    reason: 'no metaData action, so a snapshot must fail',
  },
  'golden/deltalog-invalid-protocol-version': { kind: 'error', reason: 'minReaderVersion 99 is unsupported' },
  'golden/deltalog-state-reconstruction-from-checkpoint-missing-metadata': {
    kind: 'error',
    reason: 'the checkpoint has no metaData row',
  },
  'golden/deltalog-state-reconstruction-from-checkpoint-missing-protocol': {
    kind: 'error',
    reason: 'the checkpoint has no protocol row',
  },
  'golden/deltalog-state-reconstruction-without-metadata': {
    kind: 'error',
    reason: 'commit 0 has no metaData',
  },
  'golden/deltalog-state-reconstruction-without-protocol': {
    kind: 'error',
    reason: 'commit 0 has no protocol',
  },
  'golden/no-delta-log-folder': {
    kind: 'error',
    reason: 'plain parquet without _delta_log: table not found',
  },
  'golden/versions-not-contiguous': { kind: 'error', reason: 'commit 1 is missing: versions not contiguous' },
  'kernel-rs/crc-malformed': {
    kind: 'error',
    reason: 'only a malformed .crc file and no commit: no Delta table',
  },
  'delta-rs/simple_table_features': { kind: 'error', reason: 'unknown reader feature "blahabl"' },
};
