import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../errors/index.js';
import { classifyLogFile, type LogFile } from './log-files.js';
import { buildLogSegment } from './log-segment.js';

function files(...names: string[]): LogFile[] {
  return names
    .map((n) => classifyLogFile({ path: `_delta_log/${n}`, size: 1, lastModified: 0 })!)
    .filter(Boolean);
}
const v = (n: number) => String(n).padStart(20, '0');

describe('classifyLogFile', () => {
  it('recognises every kind of log file and ignores the rest', () => {
    const kinds = [
      `${v(3)}.json`,
      `${v(3)}.checkpoint.parquet`,
      `${v(3)}.checkpoint.0000000001.0000000002.parquet`,
      `${v(3)}.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.json`,
      `${v(1)}.${v(3)}.compacted.json`,
      `${v(3)}.crc`,
      '_last_checkpoint',
      `.${v(3)}.json.crc`,
    ].map((n) => classifyLogFile({ path: `_delta_log/${n}`, size: 0, lastModified: 0 })?.kind);
    expect(kinds).toEqual([
      'commit',
      'classicCheckpoint',
      'multiPartCheckpoint',
      'v2Checkpoint',
      'compaction',
      'checksum',
      undefined,
      undefined,
    ]);
  });
});

describe('buildLogSegment', () => {
  it('uses the newest checkpoint at or below the version and the commits after it', () => {
    const log = files(
      `${v(0)}.json`,
      `${v(1)}.json`,
      `${v(2)}.json`,
      `${v(2)}.checkpoint.parquet`,
      `${v(3)}.json`,
    );
    const latest = buildLogSegment(log, 't');
    expect(latest.version).toBe(3);
    expect(latest.checkpointVersion).toBe(2);
    expect(latest.deltas.map((d) => d.version)).toEqual([3]);
    const old = buildLogSegment(log, 't', { version: 1 });
    expect(old.checkpointVersion).toBeUndefined();
    expect(old.deltas.map((d) => d.version)).toEqual([0, 1]);
  });

  it('ignores a multi-part checkpoint with a missing part', () => {
    const log = files(
      `${v(0)}.json`,
      `${v(1)}.json`,
      `${v(1)}.checkpoint.0000000001.0000000003.parquet`,
      `${v(1)}.checkpoint.0000000003.0000000003.parquet`,
    );
    expect(buildLogSegment(log, 't').checkpointVersion).toBeUndefined();
    const complete = files(
      `${v(0)}.json`,
      `${v(1)}.json`,
      `${v(1)}.checkpoint.0000000001.0000000002.parquet`,
      `${v(1)}.checkpoint.0000000002.0000000002.parquet`,
    );
    const seg = buildLogSegment(complete, 't');
    expect(seg.checkpointVersion).toBe(1);
    expect(seg.checkpoint).toHaveLength(2);
  });

  it('replaces a run of commits with the widest log compaction that fits', () => {
    const log = files(
      ...[0, 1, 2, 3, 4, 5].map((n) => `${v(n)}.json`),
      `${v(1)}.${v(3)}.compacted.json`,
      `${v(1)}.${v(4)}.compacted.json`,
      `${v(1)}.${v(9)}.compacted.json`,
    );
    const seg = buildLogSegment(log, 't');
    expect(
      seg.deltas.map((d) => (d.kind === 'compaction' ? `${d.version}-${d.endVersion}` : `${d.version}`)),
    ).toEqual(['0', '1-4', '5']);
  });

  it('fails on a gap in the commits', () => {
    const log = files(`${v(0)}.json`, `${v(2)}.json`);
    expect(() => buildLogSegment(log, 't')).toThrow(
      expect.objectContaining({ errorClass: 'DELTA_VERSIONS_NOT_CONTIGUOUS' }),
    );
  });

  it('fails on an empty log and on a version out of range', () => {
    let err: unknown;
    try {
      buildLogSegment([], 't');
    } catch (e) {
      err = e;
    }
    expect(isLakesqlError(err, 'DELTA_MISSING_DELTA_TABLE')).toBe(true);
    expect(() => buildLogSegment(files(`${v(0)}.json`), 't', { version: 4 })).toThrow(
      expect.objectContaining({ errorClass: 'DELTA_CANNOT_TIME_TRAVEL_VERSION' }),
    );
  });
});
