import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const t = useSqlSession('lakesql-temp-view-using-');
let csv = '';
let json = '';
beforeAll(async () => {
  const dir = path.join(t.dir, 'files');
  await mkdir(dir, { recursive: true });
  csv = path.join(dir, 'people.csv');
  json = path.join(dir, 'people.json');
  await writeFile(csv, 'id,name\n1,ann\n2,bob\n');
  await writeFile(json, '{"id": 1, "name": "ann"}\n{"id": 2, "name": "bob"}\n');
});

describe('CREATE TEMPORARY VIEW … USING', () => {
  it('reads CSV with the schema given, and JSON with the schema inferred', async () => {
    await t.rows(
      `CREATE TEMPORARY VIEW people (id INT, name STRING) USING csv OPTIONS (path '${csv}', header 'true')`,
    );
    expect(await t.rows('SELECT * FROM people ORDER BY id')).toEqual([
      [1, 'ann'],
      [2, 'bob'],
    ]);
    const described = await t.rows('DESCRIBE people');
    expect(described.map((r) => [r[0], r[1]])).toEqual([
      ['id', 'int'],
      ['name', 'string'],
    ]);
    await t.rows(`CREATE OR REPLACE TEMP VIEW people_json USING json OPTIONS (path '${json}')`);
    expect(await t.rows('SELECT name, id FROM people_json ORDER BY id')).toEqual([
      ['ann', 1n],
      ['bob', 2n],
    ]);
  });

  it('over a Delta path reads its latest snapshot; a schema for Delta is refused', async () => {
    const loc = path.join(t.dir, 'delta_t');
    await t.rows(`CREATE TABLE delta.\`${loc}\` (id INT) USING DELTA`);
    await t.rows(`INSERT INTO delta.\`${loc}\` VALUES (7)`);
    await t.rows(`CREATE TEMPORARY VIEW dv USING delta OPTIONS (path '${loc}')`);
    expect(await t.rows('SELECT * FROM dv')).toEqual([[7]]);
    await expect(
      t.rows(`CREATE TEMPORARY VIEW dv2 (id INT) USING delta OPTIONS (path '${loc}')`),
    ).rejects.toMatchObject({ errorClass: 'DELTA_UNSUPPORTED_SCHEMA_DURING_READ' });
  });

  it('fails at creation for a missing path, no path, or an unknown source', async () => {
    await expect(
      t.rows(`CREATE TEMPORARY VIEW gone USING csv OPTIONS (path '${path.join(t.dir, 'nope.csv')}')`),
    ).rejects.toMatchObject({ errorClass: 'PATH_NOT_FOUND' });
    await expect(t.rows('CREATE TEMPORARY VIEW nopath USING csv')).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
    });
    // With the columns given, Spark lists no files: an empty view of those columns.
    await t.rows('CREATE TEMPORARY VIEW nopath_typed (e INT, `f g` STRING) USING parquet');
    expect(await t.rows('SELECT * FROM nopath_typed')).toEqual([]);
    expect(await t.rows('DESCRIBE nopath_typed')).toEqual([
      ['e', 'int', null],
      ['f g', 'string', null],
    ]);
    await expect(
      t.rows(`CREATE TEMPORARY VIEW jdbcv USING jdbc OPTIONS (path '${csv}')`),
    ).rejects.toMatchObject({ errorClass: 'UNSUPPORTED_FEATURE' });
  });
});

describe('CREATE TEMPORARY TABLE … USING (Spark’s deprecated spelling)', () => {
  it('is a temporary view over the files, LOCATION its path; the forms Spark refuses are refused', async () => {
    await t.rows(`CREATE TEMPORARY TABLE legacy_people (id INT, name STRING) USING csv LOCATION '${csv}'`);
    expect(await t.rows('SELECT * FROM legacy_people WHERE id IS NOT NULL ORDER BY id')).toEqual([
      [1, 'ann'],
      [2, 'bob'],
    ]);
    expect(await t.rows("SHOW TABLES LIKE 'legacy_people'")).toEqual([['', 'legacy_people', true]]);
    await expect(t.rows('CREATE TEMPORARY TABLE t_no_provider (a INT)')).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_0046',
    });
    await expect(t.rows('CREATE TEMPORARY TABLE t_ctas USING csv AS SELECT 1')).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_0035',
      messageParameters: { message: 'CREATE TEMPORARY TABLE ... AS ..., use CREATE TEMPORARY VIEW instead' },
    });
    await expect(
      t.rows(`CREATE TEMPORARY TABLE IF NOT EXISTS t_ine USING csv OPTIONS (path '${csv}')`),
    ).rejects.toMatchObject({ messageParameters: { message: 'CREATE TEMPORARY TABLE IF NOT EXISTS' } });
    await expect(
      t.rows(`CREATE GLOBAL TEMPORARY TABLE t_global USING csv OPTIONS (path '${csv}')`),
    ).rejects.toMatchObject({ errorClass: 'PARSE_SYNTAX_ERROR' });
    expect(await t.rows("SHOW TABLES LIKE 't_*'")).toEqual([]);
  });
});
