import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaseResult, formatCaseLine, formatSummaryLine, summarize } from '../case-result.js';
import { DELTA_CONFORMANCE_DIR } from '../data-dirs.js';
import { runDeltaSuite } from './run-suite.js';
import { type Damage, OracleTableReader, WrongTableReader } from './stand-in-readers.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

/** One case of each shape: parquet (decimal, INT96, maps, ignored column), expected.json, log-only, must-fail, skip. */
const IDS = [
  'golden/124-decimal-decode-bug',
  'golden/kernel-timestamp-int96',
  'golden/data-reader-map',
  'golden/data-reader-partition-values',
  'kernel-rs/table-with-dv-small',
  'kernel-rs/type-widening',
  'delta-golden/table-with-icebegCompatV2Enabled',
  'delta-rs/latest_not_checkpointed',
  'golden/checkpoint',
  'golden/versions-not-contiguous',
  'golden/hive',
];

let oracle: OracleTableReader;
beforeAll(async () => {
  oracle = await OracleTableReader.create(CONFORMANCE);
});
afterAll(() => oracle.close());

const lines = (results: CaseResult[]) => results.map(formatCaseLine);

describe('runDeltaSuite', () => {
  it('passes every checkable case when the reader returns exactly the expected outcome', async () => {
    const results = await runDeltaSuite(CONFORMANCE, oracle, { ids: IDS });
    expect(lines(results)).toEqual([
      'PASS golden/124-decimal-decode-bug',
      'PASS golden/checkpoint',
      'PASS golden/data-reader-map',
      'PASS golden/data-reader-partition-values',
      'SKIP golden/hive: not one table but 11 Hive-connector tables under delta/deltatbl-*; no expected output',
      'PASS golden/kernel-timestamp-int96',
      'PASS golden/versions-not-contiguous (DELTA_MISSING_DELTA_TABLE)',
      'PASS kernel-rs/table-with-dv-small',
      'PASS kernel-rs/type-widening',
      'PASS delta-rs/latest_not_checkpointed',
      'PASS delta-golden/table-with-icebegCompatV2Enabled',
    ]);
    expect(formatSummaryLine(summarize(results))).toBe('10 passed, 0 failed, 1 skipped');
  });

  const failing = async (damage: Damage) => {
    const results = await runDeltaSuite(CONFORMANCE, new WrongTableReader(oracle, damage), { ids: IDS });
    return results.filter((r) => r.kind === 'fail').map(formatCaseLine);
  };

  it('fails every case with rows when a row is missing', async () => {
    const failed = await failing('drop-first-row');
    expect(failed).toHaveLength(7);
    expect(failed).toContain(
      'FAIL golden/124-decimal-decode-bug: rows differ: 0 rows, expected 1; 1 expected not found, e.g. ["1000000"]',
    );
    expect(failed).toContain(
      'FAIL kernel-rs/table-with-dv-small: rows differ: 7 rows, expected 8; 1 expected not found, e.g. [1]',
    );
  });

  it('fails every case with rows when a row is duplicated', async () => {
    expect(await failing('duplicate-first-row')).toHaveLength(7);
  });

  it('fails every readable case on a wrong version, and log-only cases on a wrong file list', async () => {
    expect(await failing('version-off-by-one')).toHaveLength(9);
    expect(await failing('extra-active-file')).toEqual([
      'FAIL golden/checkpoint: 2 active files, expected 1; unexpected "part-bogus.parquet"',
      expect.stringMatching(/^FAIL kernel-rs\/table-with-dv-small: 2 active files, expected 1; unexpected/),
      expect.stringMatching(/^FAIL kernel-rs\/type-widening: /),
      expect.stringMatching(/^FAIL delta-rs\/latest_not_checkpointed: /),
      expect.stringMatching(/^FAIL delta-golden\/table-with-icebegCompatV2Enabled: /),
    ]);
  });

  it('fails a must-fail table that opens, and any plain Error', async () => {
    expect(await failing('opens-must-fail-tables')).toEqual([
      'FAIL golden/versions-not-contiguous: expected an error (commit 1 is missing: versions not contiguous), but read version 0: 0 files, 0 rows',
    ]);
    const plain = await failing('plain-errors');
    expect(plain).toHaveLength(10);
    expect(plain).toContain(
      'FAIL golden/versions-not-contiguous: expected a LakesqlError (commit 1 is missing: versions not contiguous), got TypeError: stand-in bug',
    );
  });

  it('fails a case that runs past its timeout', async () => {
    const slow = {
      connection: oracle.connection,
      open: () => new Promise<never>(() => {}),
      close: async () => {},
    };
    const results = await runDeltaSuite(CONFORMANCE, slow, { ids: ['golden/checkpoint'], timeoutMs: 50 });
    expect(lines(results)).toEqual(['FAIL golden/checkpoint: timed out after 0.05 s']);
  });
});

describe('report lines', () => {
  it('formats cases and the summary', () => {
    expect(formatCaseLine({ kind: 'fail', id: 'g/t', reason: 'a\n  b' })).toBe('FAIL g/t: a b');
    expect(formatSummaryLine({ passed: 3, failed: 1, skipped: 0 })).toBe('3 passed, 1 failed');
    expect(formatSummaryLine({ passed: 3, failed: 0, skipped: 2 })).toBe('3 passed, 0 failed, 2 skipped');
  });
});
