import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { IntegerType, StringType } from '../../types/data-types.js';
import { SPARK_SQL_CONFORMANCE_DIR } from '../data-dirs.js';
import { compareBlock, hasTopLevelOrderBy, schemaString } from './compare-block.js';
import { parseGoldenFile } from './golden-file.js';
import { formatFileLine, runSparkSqlSuite, SESSION_TIME_ZONE, summarizeBlocks } from './run-suite.js';
import { parseSchemaString } from './schema-string.js';
import type { RunnerFactory } from './sql-session.js';
import { unsupportedRunner } from './sql-session.js';
import { brokenRunner, goldenRunner } from './stand-in-runners.js';

const DIR = SPARK_SQL_CONFORMANCE_DIR;
const goldenOf = (file: string) =>
  parseGoldenFile(readFileSync(path.join(DIR, 'results', `${file}.out`), 'utf8'));
const fromGolden: RunnerFactory = async (file) => goldenRunner(goldenOf(file), SESSION_TIME_ZONE);
const fromBrokenGolden: RunnerFactory = async (file) => brokenRunner(goldenOf(file), SESSION_TIME_ZONE);
const TZ = { timeZone: SESSION_TIME_ZONE };

describe('golden files and statement splitting', () => {
  it('parses a golden file into query, schema, output and error', () => {
    const blocks = goldenOf('having.sql');
    expect(blocks).toHaveLength(16);
    expect(blocks[1]).toEqual({
      query: 'SELECT k, sum(v) FROM hav GROUP BY k HAVING sum(v) > 2',
      schema: 'struct<k:string,sum(v):bigint>',
      output: 'one\t6\nthree\t3',
    });
    expect(blocks[0]?.output).toBe('');
    expect(blocks[3]?.error).toEqual({
      exceptionClass: 'org.apache.spark.sql.catalyst.ExtendedAnalysisException',
      errorClass: 'DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES',
      sqlState: '42K09',
    });
  });

  it('splits every input into exactly the golden queries, and reads every schema line', async () => {
    const files = await runSparkSqlSuite(DIR, unsupportedRunner);
    expect(files).toHaveLength(63);
    const reasons = files.flatMap((f) =>
      f.blocks.map((b) => (b.outcome.kind === 'fail' ? b.outcome.reason : '')),
    );
    expect(reasons.filter((r) => !r.includes('UNSUPPORTED_FEATURE'))).toEqual([]);
    expect(summarizeBlocks(files)).toEqual({ passed: 0, failed: 3318 });
    const unreadable = files
      .flatMap((f) => goldenOf(f.name))
      .filter((b) => parseSchemaString(b.schema) === undefined)
      .map((b) => b.schema);
    expect(unreadable).toEqual([]);
  });
});

describe('compareBlock', () => {
  const golden = { query: 'SELECT a, b FROM t', schema: 'struct<a:int,b:string>', output: '1\tx\n2\tNULL' };
  const columns = [
    { name: 'a', type: IntegerType },
    { name: 'b', type: StringType },
  ];

  it('compares unordered results sorted, and ordered ones in order', () => {
    const rows = [
      [2, null],
      [1, 'x'],
    ];
    expect(compareBlock(golden, { result: { kind: 'rows', columns, rows } }, TZ)).toEqual({ kind: 'pass' });
    const ordered = { ...golden, query: 'SELECT a, b FROM t ORDER BY a' };
    expect(compareBlock(ordered, { result: { kind: 'rows', columns, rows } }, TZ).kind).toBe('fail');
    const unsortedGolden = { ...golden, output: '2\tNULL\n1\tx' };
    expect(compareBlock(unsortedGolden, { result: { kind: 'rows', columns, rows } }, TZ)).toEqual({
      kind: 'pass',
    });
  });

  it('fails on a different schema, a missing error, or another error class', () => {
    const wrongType = [{ name: 'a', type: StringType }, columns[1]!];
    expect(
      compareBlock(golden, { result: { kind: 'rows', columns: wrongType, rows: [] } }, TZ),
    ).toMatchObject({
      kind: 'fail',
      reason: 'schema: expected struct<a:int,b:string>, got struct<a:string,b:string>',
    });
    const errorBlock = {
      query: 'SELECT 1/0',
      schema: 'struct<>',
      output: '',
      error: {
        exceptionClass: 'org.apache.spark.SparkArithmeticException',
        errorClass: 'DIVIDE_BY_ZERO',
        sqlState: '22012',
      },
    };
    expect(compareBlock(errorBlock, { result: { kind: 'done' } }, TZ).kind).toBe('fail');
    const other = new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'x' });
    expect(compareBlock(errorBlock, { error: other }, TZ)).toMatchObject({ kind: 'fail' });
    expect(compareBlock(errorBlock, { error: { errorClass: 'DIVIDE_BY_ZERO' } }, TZ)).toEqual({
      kind: 'pass',
    });
  });

  it('finds a top-level ORDER BY but not one in a window or subquery', () => {
    expect(hasTopLevelOrderBy('select * from t order by a')).toBe(true);
    expect(hasTopLevelOrderBy('select rank() over (order by a) from t')).toBe(false);
    expect(hasTopLevelOrderBy("select 'order by' from (select * from t order by a)")).toBe(false);
    expect(schemaString(columns)).toBe('struct<a:int,b:string>');
  });
});

describe('runSparkSqlSuite with stand-in runners', () => {
  it('passes every block a golden-answering runner can answer', async () => {
    const having = await runSparkSqlSuite(DIR, fromGolden, { filter: 'having' });
    expect(having.map(formatFileLine)).toEqual([
      'PASS having.sql: 16/16 blocks',
      'PASS postgreSQL/select_having.sql: 22/22 blocks',
      'PASS subquery/exists-subquery/exists-having.sql: 8/8 blocks',
    ]);
    const files = await runSparkSqlSuite(DIR, fromGolden);
    // Blocks with binary, nested or interval values, or tabs/newlines in strings, cannot be read back from
    // text; every block that can be read back prints exactly as Spark printed it, but one: JDK 17's
    // Double.toString printed a digit more than the shortest form (`-4.6566128730773926E-10`).
    expect(summarizeBlocks(files).passed).toBe(3144);
    const mismatches = files.flatMap((f) =>
      f.blocks.flatMap((b) =>
        b.outcome.kind === 'fail' && !b.outcome.reason.includes('stand-in') ? [b.outcome.reason] : [],
      ),
    );
    expect(mismatches).toEqual(['output: expected "-4.6566128730773926E-10", got "-4.656612873077393E-10"']);
  });

  it('fails the blocks of a runner that drops rows and misnames errors', async () => {
    const files = await runSparkSqlSuite(DIR, fromBrokenGolden, { filter: 'having.sql' });
    expect(files.map(formatFileLine)).toEqual([
      'FAIL having.sql: 1/16 blocks',
      // What still passes: DDL, INSERT and queries with no rows.
      'FAIL postgreSQL/select_having.sql: 14/22 blocks',
      'FAIL subquery/exists-subquery/exists-having.sql: 3/8 blocks',
    ]);
  });
});
