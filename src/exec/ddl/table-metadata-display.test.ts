/**
 * What DESCRIBE, SHOW TBLPROPERTIES and SHOW CREATE TABLE print of a table's metadata: secrets redacted,
 * column comments carried into DESCRIBE QUERY through aliases, grouping and WITH queries.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const s = useSqlSession('lakesql-metadata-display-');

describe('table metadata display', () => {
  it('redacts passwords in SHOW TBLPROPERTIES, SHOW CREATE TABLE and DESC EXTENDED', async () => {
    await s.rows(`CREATE TABLE sec (a INT) USING parquet OPTIONS (a '1', password 'pw')
      TBLPROPERTIES (p1 'v1', password 'pw')`);
    expect(await s.rows('SHOW TBLPROPERTIES sec')).toEqual([
      ['p1', 'v1'],
      ['password', '*********(redacted)'],
    ]);
    const [[ddl]] = (await s.rows('SHOW CREATE TABLE sec')) as [[string]];
    expect(ddl).toContain(`OPTIONS (\n  'a' = '1',\n  'password' = '*********(redacted)')`);
    expect(ddl).toContain(`TBLPROPERTIES (\n  'p1' = 'v1',\n  'password' = '*********(redacted)')`);
    const rows = await s.rows('DESC EXTENDED sec');
    expect(rows.filter((r) => String(r[0]).endsWith('Properties'))).toEqual([
      ['Table Properties', '[p1=v1, password=*********(redacted)]', ''],
      ['Storage Properties', '[a=1, password=*********(redacted)]', ''],
    ]);
  });

  it('DESCRIBE QUERY shows the comments its columns carry from the table', async () => {
    await s.rows(`CREATE TABLE dq (k INT COMMENT 'the key', v STRING) USING parquet`);
    expect(await s.rows('DESCRIBE QUERY SELECT k AS kk, count(*) AS n FROM dq GROUP BY k')).toEqual([
      ['kk', 'int', 'the key'],
      ['n', 'bigint', null],
    ]);
    expect(await s.rows('DESCRIBE QUERY WITH w AS (SELECT * FROM dq) SELECT k, v FROM w')).toEqual([
      ['k', 'int', 'the key'],
      ['v', 'string', null],
    ]);
  });

  it('CTAS and views over CHAR/VARCHAR columns keep the declared types', async () => {
    await s.rows(`CREATE TABLE cv (c CHAR(5), v VARCHAR(6)) USING parquet;
      CREATE TABLE cv2 USING parquet AS SELECT * FROM cv;
      CREATE VIEW cvv AS SELECT * FROM cv;
      CREATE VIEW cvw AS SELECT 1 AS one;
      ALTER VIEW cvw AS SELECT c FROM cv2`);
    const expected = [
      ['c', 'char(5)', null],
      ['v', 'varchar(6)', null],
    ];
    expect(await s.rows('DESC cv2')).toEqual(expected);
    expect(await s.rows('DESC cvv')).toEqual(expected);
    expect(await s.rows('DESC cvw')).toEqual([['c', 'char(5)', null]]);
  });
});
