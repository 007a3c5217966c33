/**
 * Column DEFAULTs as DESCRIBE and SHOW CREATE TABLE show them: the expression text as written (Spark keeps
 * the source text as CURRENT_DEFAULT), in DescribeTableCommand's `# Column Default Values` block of a file
 * table and in StructField.toDDL's `DEFAULT` clause.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-default-display-');

describe('column defaults in DESCRIBE and SHOW CREATE TABLE', () => {
  it('DESC ends with the # Column Default Values block, the text as written', async () => {
    await fx.session.execute(
      `CREATE TABLE d1 (a STRING DEFAULT CONCAT('x',  'y'), b INT, c INT DEFAULT 42) USING parquet`,
    );
    expect(await fx.rows('DESC d1')).toEqual([
      ['a', 'string', null],
      ['b', 'int', null],
      ['c', 'int', null],
      ['', '', ''],
      ['# Column Default Values', '', ''],
      ['a', 'string', "CONCAT('x',  'y')"],
      ['c', 'int', '42'],
    ]);
    const extended = await fx.rows('DESC EXTENDED d1');
    expect(extended.slice(-4)).toEqual([
      ['', '', ''],
      ['# Column Default Values', '', ''],
      ['a', 'string', "CONCAT('x',  'y')"],
      ['c', 'int', '42'],
    ]);
    expect(extended.findIndex((r) => r[0] === '# Detailed Table Information')).toBe(4);
  });

  it('SHOW CREATE TABLE puts DEFAULT after NOT NULL and before COMMENT', async () => {
    await fx.session.execute(
      `CREATE TABLE d2 (a INT NOT NULL DEFAULT 1 COMMENT 'c', b STRING) USING parquet`,
    );
    expect(await fx.rows('SHOW CREATE TABLE d2')).toEqual([
      [
        "CREATE TABLE spark_catalog.default.d2 (\n  a INT NOT NULL DEFAULT 1 COMMENT 'c',\n  b STRING)\nUSING parquet\n",
      ],
    ]);
  });
});
