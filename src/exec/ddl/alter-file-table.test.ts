/** ALTER TABLE on a parquet (v1) table: catalog-only changes and Spark's refusals, through SqlSession. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const s = useSqlSession('lakesql-alter-file-');

describe('ALTER TABLE on a parquet table', () => {
  it('changes a column comment, keeps its type, refuses a type change or a move', async () => {
    await s.rows(`CREATE TABLE ch (a INT, b STRING, c CHAR(5)) USING parquet;
      ALTER TABLE ch CHANGE a COMMENT 'column a';
      ALTER TABLE ch CHANGE COLUMN c TYPE CHAR(5) COMMENT 'fixed';
      ALTER TABLE ch CHANGE A TYPE INT`);
    expect(await s.rows('DESC ch')).toEqual([
      ['a', 'int', 'column a'],
      ['b', 'string', null],
      ['c', 'char(5)', 'fixed'],
    ]);
    const typeChange = await errorOf(s.rows('ALTER TABLE ch CHANGE a TYPE STRING'));
    expect(typeChange.errorClass).toBe('NOT_SUPPORTED_CHANGE_COLUMN');
    expect(typeChange.messageParameters).toMatchObject({ originType: '"INT"', newType: '"STRING"' });
    const charChange = await errorOf(s.rows('ALTER TABLE ch ALTER COLUMN c TYPE CHAR(6)'));
    expect(charChange.messageParameters).toMatchObject({ originType: '"CHAR(5)"', newType: '"CHAR(6)"' });
    expect((await errorOf(s.rows('ALTER TABLE ch CHANGE a AFTER b'))).messageParameters).toEqual({
      tableName: '`spark_catalog`.`default`.`ch`',
      operation: 'ALTER COLUMN ... FIRST | AFTER',
    });
    expect((await errorOf(s.rows('ALTER TABLE ch RENAME COLUMN a TO z'))).errorClass).toBe(
      'UNSUPPORTED_FEATURE.TABLE_OPERATION',
    );
    expect((await errorOf(s.rows('ALTER TABLE ch CHANGE nope TYPE INT'))).messageParameters).toEqual({
      objectName: '`nope`',
      proposal: '`a`, `b`, `c`',
    });
    expect((await errorOf(s.rows('ALTER TABLE ch CHANGE a'))).errorClass).toBe('_LEGACY_ERROR_TEMP_0035');
  });

  it('adds columns before the partition columns', async () => {
    await s.rows(`CREATE TABLE pa (a INT, p STRING) USING parquet PARTITIONED BY (p);
      ALTER TABLE pa ADD COLUMNS (d VARCHAR(3) COMMENT 'dee')`);
    expect(await s.rows('DESC pa')).toEqual([
      ['a', 'int', null],
      ['d', 'varchar(3)', 'dee'],
      ['p', 'string', null],
      ['# Partition Information', '', ''],
      ['# col_name', 'data_type', 'comment'],
      ['p', 'string', null],
    ]);
    expect((await errorOf(s.rows('ALTER TABLE pa ADD COLUMNS (P INT)'))).errorClass).toBe(
      'COLUMN_ALREADY_EXISTS',
    );
    expect((await errorOf(s.rows('ALTER TABLE pa ADD COLUMNS (n INT NOT NULL)'))).errorClass).toBe(
      '_LEGACY_ERROR_TEMP_1052',
    );
  });

  it('sets and unsets properties, `comment` being the table comment', async () => {
    await s.rows(`CREATE TABLE pr (a INT) USING parquet;
      ALTER TABLE pr SET TBLPROPERTIES ('comment' = 'hello', 'k' = 'v')`);
    const detail = async () =>
      (await s.rows('DESC EXTENDED pr')).filter((r) => r[0] === 'Comment' || r[0] === 'Table Properties');
    expect(await detail()).toEqual([
      ['Comment', 'hello', ''],
      ['Table Properties', '[k=v]', ''],
    ]);
    await s.rows(`ALTER TABLE pr UNSET TBLPROPERTIES ('comment', 'k')`);
    expect(await detail()).toEqual([]);
    expect((await errorOf(s.rows(`ALTER TABLE pr UNSET TBLPROPERTIES ('k')`))).errorClass).toBe(
      'UNSET_NONEXISTENT_PROPERTIES',
    );
    await s.rows(`ALTER TABLE pr UNSET TBLPROPERTIES IF EXISTS ('k')`);
  });

  it('names a temporary view in a column change as EXPECT_TABLE_NOT_VIEW', async () => {
    await s.rows(`CREATE TEMPORARY VIEW tv(a) AS SELECT 1`);
    const e = await errorOf(s.rows('ALTER TABLE tv CHANGE a TYPE INT'));
    expect(e.errorClass).toBe('EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE');
    expect(e.messageParameters).toEqual({ viewName: '`tv`', operation: 'ALTER TABLE ... CHANGE COLUMN' });
  });
});
