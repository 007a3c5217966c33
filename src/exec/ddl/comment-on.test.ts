/**
 * COMMENT ON TABLE / COLUMN / DATABASE and ALTER DATABASE SET DBPROPERTIES; a Delta table's comment is its
 * metaData.description, also when set through the `comment` table property (Delta's ALTER TABLE SET
 * TBLPROPERTIES), and never a configuration key.
 */
import { describe, expect, it } from 'vitest';
import { parseStatement, printStatement } from '../../sql/index.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-comment-on-');

async function description(table: string): Promise<unknown> {
  const rows = await db.rows(`DESCRIBE DETAIL ${table}`);
  return rows[0]![3];
}

describe('COMMENT ON', () => {
  it('sets and removes a table comment as the Delta description', async () => {
    await db.rows("CREATE TABLE c1 (a INT) USING DELTA COMMENT 'orig'");
    await db.rows("COMMENT ON TABLE c1 IS 'the table'");
    expect(await description('c1')).toBe('the table');
    await db.rows("ALTER TABLE c1 SET TBLPROPERTIES ('comment' = 'via property')");
    expect(await description('c1')).toBe('via property');
    expect((await db.rows('SHOW TBLPROPERTIES c1')).map((r) => r[0])).not.toContain('comment');
    await db.rows('COMMENT ON TABLE c1 IS NULL');
    expect(await description('c1')).toBeNull();
  });
  it('sets a column comment', async () => {
    await db.rows('CREATE TABLE c2 (a INT, b STRING) USING DELTA');
    await db.rows("COMMENT ON COLUMN c2.b IS 'the b'");
    expect(await db.rows('DESCRIBE c2')).toEqual([
      ['a', 'int', null],
      ['b', 'string', 'the b'],
    ]);
  });
  it('sets and removes a database comment, and ALTER DATABASE sets its properties', async () => {
    await db.rows("CREATE DATABASE cdb COMMENT 'first'");
    await db.rows("COMMENT ON SCHEMA cdb IS 'second'");
    expect(await db.rows('DESCRIBE DATABASE cdb')).toContainEqual(['Comment', 'second']);
    await db.rows('COMMENT ON DATABASE cdb IS NULL');
    expect(await db.rows('DESCRIBE DATABASE cdb')).toContainEqual(['Comment', '']);
    await db.rows("ALTER NAMESPACE cdb SET PROPERTIES ('k' = 'v')");
    const extended = await db.rows('DESCRIBE DATABASE EXTENDED cdb');
    expect(extended.find((r) => r[0] === 'Properties')?.[1]).toContain('(k,v)');
  });
  it('prints back as the statement it stands for', () => {
    expect(printStatement(parseStatement("COMMENT ON DATABASE d IS 'x'"))).toBe(
      "COMMENT ON DATABASE `d` IS 'x'",
    );
    expect(printStatement(parseStatement("ALTER SCHEMA d SET DBPROPERTIES ('a' = 'b')"))).toBe(
      "ALTER DATABASE `d` SET DBPROPERTIES ('a' = 'b')",
    );
  });
});
