/**
 * Filters pushed into ORC reads: partition folders, stripes (stripe statistics) and row groups (the row
 * index) that cannot match are not read; every row that is read still passes the query's own filter.
 * A stripe whose data bytes are destroyed proves it was never read: reading it fails.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { col } from '../../api/functions.js';
import { LakeSession } from '../../api/lake-session.js';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { planFileRead } from '../../formats/file-source.js';
import { bytesSource, openOrcFile } from '../../formats/orc/index.js';
import { writeOrcFile } from '../../formats/orc/writer/index.js';
import { field, IntegerType, LongType, StringType, struct } from '../../types/data-types.js';
import type { Predicate } from '../../types/predicate.js';
import type { Value } from '../../types/value.js';
import { orcReadSql } from './orc-read-sql.js';

const fx = useSqlSession('lakesql-orc-pushdown-');

const schema = struct([field('id', LongType, false), field('name', StringType, true)]);

/** `count` rows from `first`: id, and name = 'n<id>'; 5 stripes of 5 row groups of 1,000 rows by default. */
function rows(first: number, count: number): Value[][] {
  return Array.from({ length: count }, (_, i) => [BigInt(first + i), `n${first + i}`]);
}

async function writeFileAt(file: string, data: Value[][], s = schema): Promise<Uint8Array> {
  const bytes = await writeOrcFile(s, data, {
    compression: 'ZLIB',
    stripeSizeRows: 5_000,
    rowIndexStride: 1_000,
  });
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return bytes;
}

/** Overwrites the data section of stripe `index` with bytes no decoder accepts. */
async function destroyStripeData(file: string, index: number): Promise<void> {
  const bytes = new Uint8Array(await readFile(file));
  const stripe = (await openOrcFile(bytesSource(bytes))).stripes[index]!;
  bytes.fill(
    0xff,
    stripe.offset + stripe.indexLength,
    stripe.offset + stripe.indexLength + stripe.dataLength,
  );
  await writeFile(file, bytes);
}

const cmp = (column: string, op: '=' | '<' | '>=' | '<=', value: Value): Predicate => ({
  kind: 'comparison',
  op,
  column: [column],
  value: value as bigint,
});
const and = (left: Predicate, right: Predicate): Predicate => ({ kind: 'and', left, right });

describe('filters pushed into an ORC read', () => {
  it('serves only the row groups whose row index may match', async () => {
    const file = path.join(fx.dir, 'groups', 'part-0.orc');
    await writeFileAt(file, rows(0, 25_000));
    const plan = await planFileRead({
      format: 'orc',
      paths: [file],
      options: new DataSourceOptions(),
      dbfsRoot: fx.dir,
    });
    if (plan.kind !== 'orc') throw new Error(plan.kind);
    const served = async (predicate?: Predicate) => {
      const read = (await orcReadSql(fx.engine, plan))!;
      if (predicate) await read.pushFilters!(predicate);
      const [row] = await fx.engine.all(
        `SELECT count(*)::INTEGER AS n, min(id) AS lo, max(id) AS hi FROM (${read.sql})`,
      );
      await read.release?.();
      return row;
    };
    expect(await served()).toEqual({ n: 25_000, lo: 0n, hi: 24_999n });
    // Ids 12,500 to 13,499 lie in row groups 2 and 3 of stripe 2: only those 2,000 rows are served.
    expect(await served(and(cmp('id', '>=', 12_500n), cmp('id', '<', 13_500n)))).toEqual({
      n: 2_000,
      lo: 12_000n,
      hi: 13_999n,
    });
    // A range across a stripe boundary serves row groups of both stripes.
    expect(await served(and(cmp('ID', '>=', 9_500n), cmp('id', '<=', 10_200n)))).toEqual({
      n: 2_000,
      lo: 9_000n,
      hi: 10_999n,
    });
    // Nothing can match: nothing is served. Strings are compared by their row-group bounds too.
    expect(await served(cmp('id', '>=', 25_000n))).toEqual({ n: 0, lo: null, hi: null });
    expect(await served({ kind: 'comparison', op: '=', column: ['name'], value: 'n0' })).toEqual({
      n: 1_000,
      lo: 0n,
      hi: 999n,
    });
    // An unknown column proves nothing, so everything is served.
    expect((await served(cmp('nope', '=', 1n)))?.n).toBe(25_000);
  });

  it('skips stripes a WHERE clause rules out, and still returns exactly the matching rows', async () => {
    const file = path.join(fx.dir, 'stripes', 'part-0.orc');
    await writeFileAt(file, rows(0, 25_000));
    await destroyStripeData(file, 1);
    const table = `orc.\`${path.dirname(file)}\``;
    expect(await fx.rows(`SELECT id, name FROM ${table} WHERE id = 23456`)).toEqual([[23_456n, 'n23456']]);
    expect(await fx.rows(`SELECT count(*) FROM ${table} WHERE id BETWEEN 11000 AND 12999 OR id < 3`)).toEqual(
      [[2_003n]],
    );
    expect(await fx.rows(`SELECT count(*) FROM ${table} WHERE name IN ('n1', 'n24999')`)).toEqual([[2n]]);
    // Without a filter (or with one that statistics cannot use) the destroyed stripe is read, and fails.
    await expect(readFailure(fx.rows(`SELECT count(*) FROM ${table}`))).resolves.toMatch(
      /^FAILED_READ_FILE\.NO_HINT .*stripe 1/,
    );
    await expect(readFailure(fx.rows(`SELECT count(*) FROM ${table} WHERE id % 2 = 0`))).resolves.toMatch(
      /^FAILED_READ_FILE\.NO_HINT .*stripe 1/,
    );
  });

  it('reaches the scan through subqueries and from the DataFrame API', async () => {
    const file = path.join(fx.dir, 'frames', 'part-0.orc');
    await writeFileAt(file, rows(0, 25_000));
    await destroyStripeData(file, 0);
    const dirOf = path.dirname(file);
    expect(
      await fx.rows(
        `SELECT k FROM (SELECT id AS k, name FROM orc.\`${dirOf}\` WHERE id > 20000) WHERE k < 20002`,
      ),
    ).toEqual([[20_001n]]);
    // read_files takes the format from the .orc extension and takes pushed filters too.
    expect(await fx.rows(`SELECT name FROM read_files('${file}') WHERE id = 24000`)).toEqual([['n24000']]);
    const spark = await LakeSession.builder()
      .config('spark.sql.warehouse.dir', path.join(fx.dir, 'frames-wh'))
      .withOutput(() => {})
      .getOrCreate();
    try {
      const df = await spark.read.orc(dirOf);
      expect(await df.filter('id >= 24998').select('name').collect()).toEqual([
        { name: 'n24998' },
        { name: 'n24999' },
      ]);
      expect(await df.where(col('id').equalTo(7_000)).count()).toBe(1);
      await expect(readFailure(df.count())).resolves.toMatch(/^FAILED_READ_FILE\.NO_HINT .*stripe 0/);
    } finally {
      spark.stop();
    }
  });

  it('prunes partition folders by their values', async () => {
    const root = path.join(fx.dir, 'parts');
    await writeFileAt(path.join(root, 'day=1', 'part-0.orc'), rows(0, 10));
    await writeFileAt(path.join(root, 'day=2', 'part-0.orc'), rows(10, 10));
    await destroyStripeData(path.join(root, 'day=2', 'part-0.orc'), 0);
    const table = `orc.\`${root}\``;
    expect(await fx.rows(`SELECT day, count(*), max(id) FROM ${table} WHERE day = 1 GROUP BY day`)).toEqual([
      [1, 10n, 9n],
    ]);
    await expect(readFailure(fx.rows(`SELECT count(*) FROM ${table} WHERE day >= 1`))).resolves.toMatch(
      /^FAILED_READ_FILE\.NO_HINT .*stripe 0/,
    );
  });

  it('pushes into ORC tables, and matches Hive’s unnamed _colN columns by position', async () => {
    const hive = struct([field('_col0', IntegerType, true), field('_col1', StringType, true)]);
    const data: Value[][] = Array.from({ length: 12_000 }, (_, i) => [i, `s${i}`]);
    const file = path.join(fx.dir, 'hive', 'part-0.orc');
    await writeFileAt(file, data, hive);
    await destroyStripeData(file, 0);
    await fx.rows(
      `CREATE TABLE hive_orc (StudentId INT, Name STRING) USING ORC LOCATION '${path.dirname(file)}'`,
    );
    expect(await fx.rows('SELECT StudentId, Name FROM hive_orc WHERE studentid = 11000')).toEqual([
      [11_000, 's11000'],
    ]);
    // Every stripe holds names from "s0" to "s999" in string order, so only a name outside that is skipped.
    await expect(fx.rows(`SELECT count(*) FROM hive_orc WHERE Name = 'zz'`)).resolves.toEqual([[0n]]);
    await expect(readFailure(fx.rows('SELECT count(*) FROM hive_orc'))).resolves.toMatch(
      /^FAILED_READ_FILE\.NO_HINT .*stripe 0/,
    );
  });
});

/** A damaged stripe fails the read with FAILED_READ_FILE naming the file; the decoder's words (the stripe) are its cause. */
async function readFailure(read: Promise<unknown>): Promise<string> {
  try {
    await read;
  } catch (e) {
    const err = e as { errorClass?: string; cause?: unknown };
    return `${err.errorClass} ${err.cause instanceof Error ? err.cause.message : ''}`;
  }
  return 'no failure';
}
