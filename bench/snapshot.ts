/**
 * `snapshot`: loading the latest snapshot of a table of 200 commits (one small append each), against the
 * I/O that no reader can avoid: listing `_delta_log/` and reading the same files the snapshot's LogSegment
 * reads (a checkpoint's bytes included, unparsed) with plain node:fs. The gap is listing classification,
 * JSON and checkpoint parsing and action reconciliation. A second case turns checkpoints off, so that the
 * replay is 200 JSON commits.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { BENCH_SCHEMA, type BenchContext, rowsSql } from './context.js';
import { type BenchCase, check } from './harness.js';

export const SNAPSHOT_COMMITS = 200;
const ROWS_PER_COMMIT = 10;

export async function snapshotCases(ctx: BenchContext): Promise<BenchCase[]> {
  return [await snapshotCase(ctx, true), await snapshotCase(ctx, false)];
}

async function snapshotCase(ctx: BenchContext, checkpoints: boolean): Promise<BenchCase> {
  const location = ctx.dir(checkpoints ? 'snapshot' : 'snapshot-nocp');
  const table = ctx.session.deltaTable(location);
  for (let i = 0; i < SNAPSHOT_COMMITS; i++) {
    await table.writeQuery(rowsSql(ROWS_PER_COMMIT, i * ROWS_PER_COMMIT), {
      schema: BENCH_SCHEMA,
      mode: 'append',
      // The default interval (10) checkpoints; an interval past the commit count never does.
      ...(checkpoints ? {} : { properties: { 'delta.checkpointInterval': String(SNAPSHOT_COMMITS * 10) } }),
    });
  }
  const probe = await table.snapshot();
  const segmentKeys = [...probe.segment.checkpoint, ...probe.segment.deltas].map((f) => f.meta.path);
  const logDir = path.join(location, '_delta_log');
  const latest = SNAPSHOT_COMMITS - 1;
  check(probe.version === latest, `snapshot version ${probe.version}, expected ${latest}`);
  check(
    (probe.segment.checkpointVersion !== undefined) === checkpoints,
    `checkpoint at ${probe.segment.checkpointVersion}`,
  );
  return {
    benchmark: 'snapshot',
    name: checkpoints
      ? `${SNAPSHOT_COMMITS} commits, checkpoint every 10`
      : `${SNAPSHOT_COMMITS} commits, no checkpoint`,
    lakesqlDoes: `loadSnapshot (reads ${segmentKeys.length} log files)`,
    baselineDoes: 'readdir + readFile of the same log files',
    lakesql: async () => {
      const snapshot = await table.snapshot();
      check(snapshot.numFiles === SNAPSHOT_COMMITS, `snapshot has ${snapshot.numFiles} files`);
    },
    baseline: async () => {
      const listed = await fs.readdir(logDir);
      check(listed.length >= segmentKeys.length, `listed ${listed.length} log files`);
      let bytes = 0;
      for (const key of segmentKeys) bytes += (await fs.readFile(path.join(location, key))).length;
      check(bytes > 0, 'read no bytes');
    },
  };
}
