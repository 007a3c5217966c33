/** ALTER TABLE / ALTER VIEW through SqlSession: effects in DESCRIBE, in the Delta log, and refused forms. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';
import type { Value } from '../../types/value.js';
import type { SqlSession } from '../session/sql-session.js';

let lake: LakeSession;
let sql: SqlSession;
let warehouse: string;
let n = 0;

async function rows(text: string): Promise<Value[][]> {
  const r = (await sql.execute(text)).at(-1)!;
  if (r.kind !== 'rows') throw new Error('expected rows');
  return r.rows;
}

/** A fresh table with two rows (one NULL b). */
async function table(props = ''): Promise<string> {
  const name = `t${++n}`;
  await sql.execute(`CREATE TABLE ${name} (a INT, b STRING) USING DELTA ${props};
    INSERT INTO ${name} VALUES (1, 'x'), (2, NULL)`);
  return name;
}

/** A log line, loosely typed for assertions. */
interface LogLine {
  readonly commitInfo?: { operation: string; operationParameters: Record<string, string> };
  readonly metaData?: { schemaString: string; configuration: Record<string, string> };
  readonly protocol?: Record<string, unknown>;
}

interface FieldJson {
  readonly metadata: Record<string, unknown>;
}

async function commit(name: string, version: number): Promise<LogLine[]> {
  const text = await readFile(
    join(warehouse, name, '_delta_log', `${String(version).padStart(20, '0')}.json`),
    'utf8',
  );
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as LogLine);
}

beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-alter-'));
  lake = await LakeSession.create({ warehouse });
  sql = lake.sqlSession;
  // These tests pin legacy protocol upgrades from (1, 2): new tables here go without default deletion vectors.
  await sql.setConf('spark.databricks.delta.properties.defaults.enableDeletionVectors', 'false');
});
afterAll(async () => {
  lake.close();
  await rm(warehouse, { recursive: true, force: true });
});

describe('ALTER TABLE columns', () => {
  it('ADD COLUMNS is one ADD COLUMNS commit; NOT NULL is refused', async () => {
    const t = await table();
    await sql.execute(`ALTER TABLE ${t} ADD COLUMNS (c BIGINT COMMENT 'cc', d INT FIRST)`);
    expect(await rows(`DESCRIBE ${t}`)).toEqual([
      ['d', 'int', null],
      ['a', 'int', null],
      ['b', 'string', null],
      ['c', 'bigint', 'cc'],
    ]);
    const actions = await commit(t, 2);
    expect(actions.map((a) => Object.keys(a)[0])).toEqual(['commitInfo', 'metaData']);
    expect(actions[0]!.commitInfo!.operation).toBe('ADD COLUMNS');
    expect(JSON.parse(actions[0]!.commitInfo!.operationParameters.columns!)[1]).toEqual({
      column: { name: 'd', type: 'integer', nullable: true, metadata: {} },
      position: 'FIRST',
    });
    expect(await rows(`SELECT * FROM ${t} ORDER BY a`)).toEqual([
      [null, 1, 'x', null],
      [null, 2, null, null],
    ]);
    await expect(sql.execute(`ALTER TABLE ${t} ADD COLUMN e INT NOT NULL`)).rejects.toMatchObject({
      errorClass: 'DELTA_OPERATION_NOT_ALLOWED',
    });
    await expect(sql.execute(`ALTER TABLE ${t} ADD COLUMN a INT`)).rejects.toMatchObject({
      errorClass: 'COLUMN_ALREADY_EXISTS',
    });
  });

  it('DROP / RENAME need column mapping; with mode name they work and data still reads', async () => {
    const t = await table();
    await expect(sql.execute(`ALTER TABLE ${t} DROP COLUMN b`)).rejects.toMatchObject({
      errorClass: 'DELTA_UNSUPPORTED_DROP_COLUMN',
    });
    await expect(sql.execute(`ALTER TABLE ${t} RENAME COLUMN a TO z`)).rejects.toMatchObject({
      errorClass: 'DELTA_UNSUPPORTED_RENAME_COLUMN',
    });
    await sql.execute(`ALTER TABLE ${t} SET TBLPROPERTIES ('delta.columnMapping.mode' = 'name')`);
    const upgrade = await commit(t, 2);
    expect(upgrade.find((a) => a.protocol)?.protocol).toEqual({ minReaderVersion: 2, minWriterVersion: 5 });
    const fields = (
      JSON.parse(upgrade.find((a) => a.metaData)!.metaData!.schemaString) as { fields: FieldJson[] }
    ).fields;
    expect(fields.map((f: FieldJson) => f.metadata['delta.columnMapping.physicalName'])).toEqual(['a', 'b']);
    await sql.execute(`ALTER TABLE ${t} RENAME COLUMN a TO z; ALTER TABLE ${t} DROP COLUMN b`);
    expect((await commit(t, 3))[0]!.commitInfo!.operation).toBe('RENAME COLUMN');
    expect((await commit(t, 4))[0]!.commitInfo!.operation).toBe('DROP COLUMNS');
    expect(await rows(`SELECT * FROM ${t} ORDER BY z`)).toEqual([[1], [2]]);
  });

  it('ALTER COLUMN COMMENT / SET NOT NULL (checked) / DROP NOT NULL / TYPE (widening only)', async () => {
    const t = await table();
    await sql.execute(
      `ALTER TABLE ${t} ALTER COLUMN a COMMENT 'the a'; ALTER TABLE ${t} ALTER COLUMN a SET NOT NULL`,
    );
    expect((await commit(t, 3))[0]!.commitInfo!.operation).toBe('CHANGE COLUMN');
    await expect(sql.execute(`ALTER TABLE ${t} ALTER COLUMN b SET NOT NULL`)).rejects.toMatchObject({
      errorClass: 'DELTA_NEW_NOT_NULL_VIOLATION',
      messageParameters: { numRows: '1', tableName: `spark_catalog.default.${t}`, colName: 'b' },
    });
    await expect(sql.execute(`ALTER TABLE ${t} ALTER COLUMN a TYPE BIGINT`)).rejects.toMatchObject({
      errorClass: 'DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP',
    });
    await sql.execute(`ALTER TABLE ${t} SET TBLPROPERTIES ('delta.enableTypeWidening' = 'true')`);
    await sql.execute(
      `ALTER TABLE ${t} ALTER COLUMN a TYPE BIGINT; ALTER TABLE ${t} ALTER COLUMN a DROP NOT NULL`,
    );
    expect(await rows(`DESCRIBE ${t}`)).toEqual([
      ['a', 'bigint', 'the a'],
      ['b', 'string', null],
    ]);
    const widened = (
      JSON.parse((await commit(t, 5)).find((a) => a.metaData)!.metaData!.schemaString) as {
        fields: FieldJson[];
      }
    ).fields[0]!;
    expect(widened.metadata['delta.typeChanges']).toEqual([{ fromType: 'integer', toType: 'long' }]);
    expect(await rows(`SELECT a FROM ${t} ORDER BY a`)).toEqual([[1n], [2n]]);
    await expect(sql.execute(`ALTER TABLE ${t} ALTER COLUMN b TYPE INT`)).rejects.toMatchObject({
      errorClass: 'DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP',
    });
  });
});

describe('ALTER TABLE properties, constraints, rename', () => {
  it('SET / UNSET TBLPROPERTIES; UNSET of a missing key', async () => {
    const t = await table();
    await sql.execute(`ALTER TABLE ${t} SET TBLPROPERTIES ('k' = 'v', 'delta.appendOnly' = 'false')`);
    expect((await commit(t, 2))[0]!.commitInfo!.operationParameters).toEqual({
      properties: '{"k":"v","delta.appendOnly":"false"}',
    });
    await expect(sql.execute(`ALTER TABLE ${t} UNSET TBLPROPERTIES ('nope')`)).rejects.toMatchObject({
      errorClass: 'UNSET_NONEXISTENT_PROPERTIES',
    });
    await sql.execute(`ALTER TABLE ${t} UNSET TBLPROPERTIES IF EXISTS ('k', 'nope')`);
    expect((await commit(t, 3))[0]!.commitInfo!.operation).toBe('UNSET TBLPROPERTIES');
    expect(await rows(`SHOW TBLPROPERTIES ${t}`)).toEqual([
      ['delta.appendOnly', 'false'],
      ['delta.enableDeletionVectors', 'false'],
      ['delta.minReaderVersion', '1'],
      ['delta.minWriterVersion', '2'],
    ]);
  });

  it('ADD CONSTRAINT checks existing rows, upgrades to writer 3; DROP CONSTRAINT', async () => {
    const t = await table();
    await expect(sql.execute(`ALTER TABLE ${t} ADD CONSTRAINT big CHECK (a > 1)`)).rejects.toMatchObject({
      errorClass: 'DELTA_NEW_CHECK_CONSTRAINT_VIOLATION',
      messageParameters: { numRows: '1', tableName: `spark_catalog.default.${t}` },
    });
    await expect(sql.execute(`ALTER TABLE ${t} ADD CONSTRAINT s CHECK (a + 1)`)).rejects.toMatchObject({
      errorClass: 'DELTA_NON_BOOLEAN_CHECK_CONSTRAINT',
    });
    await sql.execute(`ALTER TABLE ${t} ADD CONSTRAINT pos CHECK (a > 0)`);
    const added = await commit(t, 2);
    expect(added[0]!.commitInfo!.operation).toBe('ADD CONSTRAINT');
    expect(added.find((a) => a.protocol)?.protocol).toEqual({ minReaderVersion: 1, minWriterVersion: 3 });
    expect(added.find((a) => a.metaData)!.metaData!.configuration).toEqual({
      'delta.enableDeletionVectors': 'false',
      'delta.constraints.pos': '`a` > 0',
    });
    await expect(sql.execute(`ALTER TABLE ${t} ADD CONSTRAINT pos CHECK (a > 0)`)).rejects.toMatchObject({
      errorClass: 'DELTA_CONSTRAINT_ALREADY_EXISTS',
    });
    await sql.execute(`ALTER TABLE ${t} DROP CONSTRAINT pos`);
    expect((await commit(t, 3))[0]!.commitInfo!.operationParameters).toEqual({
      name: 'pos',
      expr: '`a` > 0',
      existed: 'true',
    });
    await expect(sql.execute(`ALTER TABLE ${t} DROP CONSTRAINT pos`)).rejects.toMatchObject({
      errorClass: 'DELTA_CONSTRAINT_DOES_NOT_EXIST',
    });
    await sql.execute(`ALTER TABLE ${t} DROP CONSTRAINT IF EXISTS pos`);
  });

  it('HISTORY after CREATE + INSERT + ALTER, newest first', async () => {
    const t = await table();
    await sql.execute(`ALTER TABLE ${t} ADD COLUMNS (c INT)`);
    const h = await rows(`DESCRIBE HISTORY ${t}`);
    expect(h.map((r) => [r[0], r[4], r[9], r[11]])).toEqual([
      [2n, 'ADD COLUMNS', 1n, true],
      [1n, 'WRITE', 0n, true],
      [0n, 'CREATE TABLE', null, true],
    ]);
    expect(h[1]![12]).toEqual({
      kind: 'map',
      entries: [
        ['numFiles', '1'],
        ['numOutputRows', '2'],
        ['numOutputBytes', expect.stringMatching(/^\d+$/)],
      ],
    });
  });

  it('RENAME TO moves the managed folder', async () => {
    const t = await table();
    await sql.execute(`ALTER TABLE ${t} RENAME TO ${t}_new`);
    expect(await rows(`SELECT a FROM ${t}_new ORDER BY a`)).toEqual([[1], [2]]);
    const info = Object.fromEntries((await rows(`DESCRIBE EXTENDED ${t}_new`)).map((r) => [r[0], r[1]]));
    expect(info.Location).toBe(`file:${join(warehouse, `${t}_new`)}`);
    await expect(sql.execute(`SELECT * FROM ${t}`)).rejects.toMatchObject({
      errorClass: 'TABLE_OR_VIEW_NOT_FOUND',
    });
  });
});

describe('ALTER VIEW', () => {
  it('SET TBLPROPERTIES, AS query, RENAME TO', async () => {
    await sql.execute(`CREATE VIEW v1 AS SELECT 1 AS x; ALTER VIEW v1 SET TBLPROPERTIES ('p' = 'q')`);
    expect(await rows('SHOW TBLPROPERTIES v1')).toEqual([['p', 'q']]);
    await sql.execute('ALTER VIEW v1 AS SELECT 2 AS y');
    expect(await rows('SELECT * FROM v1')).toEqual([[2]]);
    expect(await rows('DESCRIBE v1')).toEqual([['y', 'int', null]]);
    await sql.execute('ALTER VIEW v1 RENAME TO v2');
    expect(await rows('SELECT * FROM v2')).toEqual([[2]]);
    await sql.execute('CREATE TEMP VIEW tv AS SELECT 1 AS one; ALTER VIEW tv AS SELECT 3 AS three');
    expect(await rows('SELECT * FROM tv')).toEqual([[3]]);
  });
});
