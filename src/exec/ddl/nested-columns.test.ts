import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const describeTypes = async (table: string) =>
  (await kit.rows(`DESCRIBE ${table}`)).map((r) => `${r[0]}: ${r[1]}`);
const fails = (sql: string) => expect(kit.run(sql)).rejects;

describe('nested-column DDL on Delta tables', () => {
  it('ADD COLUMNS puts a field inside a struct, at its end or FIRST / AFTER a sibling; old rows read NULL', async () => {
    await kit.run('CREATE TABLE n_add (id INT, s STRUCT<a: INT, b: STRING>) USING DELTA');
    await kit.run("INSERT INTO n_add VALUES (1, named_struct('a', 1, 'b', 'x'))");
    await kit.run('ALTER TABLE n_add ADD COLUMNS (s.c INT)');
    await kit.run('ALTER TABLE n_add ADD COLUMN s.d STRING FIRST, s.e INT AFTER a');
    expect(await describeTypes('n_add')).toEqual([
      'id: int',
      's: struct<d:string,a:int,e:int,b:string,c:int>',
    ]);
    const commit = await kit.lastCommit('n_add');
    expect(commit.commitInfo.operation).toBe('ADD COLUMNS');
    expect(commit.commitInfo.operationParameters).toMatchObject({
      columns: expect.stringContaining('"name":"s.d"'),
    });
    await kit.run("INSERT INTO n_add VALUES (2, named_struct('d', 'y', 'a', 2, 'e', 3, 'b', 'z', 'c', 4))");
    expect(await kit.rows('SELECT id, s.d, s.a, s.e, s.b, s.c FROM n_add ORDER BY id')).toEqual([
      [1, null, 1, null, 'x', null],
      [2, 'y', 2, 3, 'z', 4],
    ]);
  });

  it('ADD COLUMNS steps into arrays by element and maps by value', async () => {
    await kit.run(
      'CREATE TABLE n_coll (arr ARRAY<STRUCT<x: INT>>, m MAP<STRING, STRUCT<y: INT>>) USING DELTA',
    );
    await kit.run('ALTER TABLE n_coll ADD COLUMNS (arr.element.z INT, m.value.w STRING)');
    expect(await describeTypes('n_coll')).toEqual([
      'arr: array<struct<x:int,z:int>>',
      'm: map<string,struct<y:int,w:string>>',
    ]);
    await fails("ALTER TABLE n_coll ALTER COLUMN arr.x COMMENT 'c'").toMatchObject({
      errorClass: 'DELTA_INCORRECT_ARRAY_ACCESS_BY_NAME',
      sqlState: 'KD003',
      messageParameters: { rightName: 'arr.element', wrongName: 'arr' },
    });
    await fails("ALTER TABLE n_coll ALTER COLUMN m.y COMMENT 'c'").toMatchObject({
      errorClass: 'DELTA_FOUND_MAP_TYPE_COLUMN',
      messageParameters: { key: 'm.key', value: 'm.value' },
    });
    await fails('ALTER TABLE n_coll ADD COLUMNS (arr.z INT)').toMatchObject({
      errorClass: 'DELTA_ADD_COLUMN_PARENT_NOT_STRUCT',
    });
  });

  it('ADD COLUMNS refuses a parent that is no struct, a missing parent and a field that exists', async () => {
    await kit.run('CREATE TABLE n_bad (id INT, s STRUCT<a: INT>) USING DELTA');
    await fails('ALTER TABLE n_bad ADD COLUMNS (id.x INT)').toMatchObject({
      errorClass: 'DELTA_ADD_COLUMN_PARENT_NOT_STRUCT',
      sqlState: '42KD3',
      messageParameters: { columnName: 'x', other: 'INT' },
    });
    await fails('ALTER TABLE n_bad ADD COLUMNS (t.x INT)').toMatchObject({
      errorClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION',
      messageParameters: { objectName: '`t`', proposal: '`id`, `s`, `s`.`a`' },
    });
    await fails('ALTER TABLE n_bad ADD COLUMNS (s.A BIGINT)').toMatchObject({
      errorClass: 'FIELD_ALREADY_EXISTS',
      sqlState: '42710',
      messageParameters: { op: 'add', fieldNames: '`s`.`A`', struct: '"STRUCT<a: INT>"' },
    });
    expect(await kit.version('n_bad')).toBe(0);
  });

  it('ALTER / CHANGE COLUMN change a nested field’s comment, nullability and position', async () => {
    await kit.run('CREATE TABLE n_alter (s STRUCT<a: INT, b: STRING, c: INT>) USING DELTA');
    await kit.run("ALTER TABLE n_alter ALTER COLUMN s.b COMMENT 'the b'");
    await kit.run('ALTER TABLE n_alter ALTER COLUMN s.c FIRST');
    await kit.run('ALTER TABLE n_alter CHANGE COLUMN s.a a INT AFTER b');
    expect(await describeTypes('n_alter')).toEqual(['s: struct<c:int,b:string,a:int>']);
    const s = (await kit.session.execute('SELECT * FROM n_alter'))[0]!;
    const fields = s.kind === 'rows' && s.columns[0]!.type.kind === 'struct' ? s.columns[0]!.type.fields : [];
    expect(fields.find((f) => f.name === 'b')?.metadata).toEqual({ comment: 'the b' });
    await fails('ALTER TABLE n_alter ALTER COLUMN s.a TYPE STRING').toMatchObject({
      errorClass: 'DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP',
      messageParameters: { fieldPath: 's.a', oldField: 'INT', newField: 'STRING' },
    });
    await fails('ALTER TABLE n_alter ALTER COLUMN s.z COMMENT "x"').toMatchObject({
      errorClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION',
      messageParameters: { objectName: '`s`.`z`' },
    });
  });

  it('RENAME and DROP of a nested field need column mapping; with it the data still reads', async () => {
    await kit.run('CREATE TABLE n_map (id INT, s STRUCT<a: INT, b: STRING>) USING DELTA');
    await kit.run("INSERT INTO n_map VALUES (1, named_struct('a', 1, 'b', 'x'))");
    await fails('ALTER TABLE n_map RENAME COLUMN s.a TO a2').toMatchObject({
      errorClass: 'DELTA_UNSUPPORTED_RENAME_COLUMN',
    });
    await fails('ALTER TABLE n_map DROP COLUMN s.b').toMatchObject({
      errorClass: 'DELTA_UNSUPPORTED_DROP_COLUMN',
    });
    await kit.run("ALTER TABLE n_map SET TBLPROPERTIES ('delta.columnMapping.mode' = 'name')");
    await kit.run('ALTER TABLE n_map RENAME COLUMN s.a TO a2');
    expect((await kit.lastCommit('n_map')).commitInfo.operationParameters).toEqual({
      oldColumnPath: 's.a',
      newColumnPath: 's.a2',
    });
    await fails('ALTER TABLE n_map RENAME COLUMN s.a2 TO b').toMatchObject({
      errorClass: 'COLUMN_ALREADY_EXISTS',
    });
    await kit.run('ALTER TABLE n_map DROP COLUMN s.b');
    expect(await describeTypes('n_map')).toEqual(['id: int', 's: struct<a2:int>']);
    expect(await kit.rows('SELECT id, s.a2 FROM n_map')).toEqual([[1, 1]]);
    await fails('ALTER TABLE n_map DROP COLUMN s.a2').toMatchObject({
      errorClass: 'DELTA_DROP_COLUMN_ON_SINGLE_FIELD_SCHEMA',
      sqlState: '0AKDC',
    });
    await kit.run('ALTER TABLE n_map DROP COLUMN IF EXISTS s.nope');
    await kit.run("INSERT INTO n_map VALUES (2, named_struct('a2', 5))");
    expect(await kit.rows('SELECT id, s.a2 FROM n_map ORDER BY id')).toEqual([
      [1, 1],
      [2, 5],
    ]);
  });
});
