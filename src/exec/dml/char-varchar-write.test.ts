/**
 * CHAR(n)/VARCHAR(n) columns of a Delta table on write (char-varchar-write.ts): a value longer than n fails
 * every writer with EXCEED_LIMIT_LENGTH and commits nothing; trailing spaces beyond n are trimmed; CHAR reads
 * back padded; spark.sql.legacy.charVarcharAsString turns the columns into plain strings.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';
import { isLakesqlError } from '../../errors/index.js';

const fx = useLakeSession('lakesql-char-varchar-write-');
const sql = async (text: string) => (await fx.spark.sql(text)).collect();
const rows = async (text: string) => (await sql(text)).map((r) => Object.values(r));
const version = async (table: string) =>
  (await rows(`DESCRIBE HISTORY ${table} LIMIT 1`))[0]![0] as bigint | number;

async function expectTooLong(statement: Promise<unknown>, limit: number): Promise<void> {
  const e = await statement.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(isLakesqlError(e, 'EXCEED_LIMIT_LENGTH')).toBe(true);
  const err = e as { sqlState: string; messageParameters: Record<string, unknown>; message: string };
  expect(err.sqlState).toBe('54006');
  expect(err.messageParameters).toEqual({ limit: String(limit) });
  expect(err.message).toContain(`Exceeds char/varchar type length limitation: ${limit}.`);
}

afterAll(async () => {
  await sql('SET spark.sql.legacy.charVarcharAsString = false');
});

describe('writes into CHAR/VARCHAR columns', () => {
  it('INSERT: values that fit are kept, CHAR reads padded, trailing spaces beyond n are trimmed', async () => {
    await sql('CREATE TABLE cv1 (id INT, c CHAR(3), v VARCHAR(5)) USING DELTA');
    await sql("INSERT INTO cv1 VALUES (1, 'ab', 'abcde'), (2, NULL, NULL), (3, 'xyz   ', 'abc       ')");
    expect(await rows('SELECT id, c, v, length(v) FROM cv1 ORDER BY id')).toEqual([
      [1, 'ab ', 'abcde', 5],
      [2, null, null, null],
      [3, 'xyz', 'abc  ', 5],
    ]);
  });

  it('INSERT of a longer value fails and commits nothing', async () => {
    await sql('CREATE TABLE cv2 (id INT, c CHAR(3), v VARCHAR(5)) USING DELTA');
    await sql("INSERT INTO cv2 VALUES (1, 'a', 'b')");
    const before = await version('cv2');
    await expectTooLong(sql("INSERT INTO cv2 VALUES (2, 'abcd', 'x')"), 3);
    // Spaces inside the limit do not count as trailing: 'ab cdef' is 7 characters.
    await expectTooLong(sql("INSERT INTO cv2 SELECT 3, 'a', 'ab cdef  '"), 5);
    expect(await version('cv2')).toEqual(before);
    expect(await rows('SELECT id FROM cv2')).toEqual([[1]]);
  });

  it('UPDATE and MERGE check the values they write', async () => {
    await sql('CREATE TABLE cv3 (id INT, v VARCHAR(4)) USING DELTA');
    await sql("INSERT INTO cv3 VALUES (1, 'a'), (2, 'b')");
    await expectTooLong(sql("UPDATE cv3 SET v = 'abcde' WHERE id = 1"), 4);
    await expectTooLong(
      sql(
        "MERGE INTO cv3 t USING (SELECT 2 AS id, 'toolong' AS v) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v",
      ),
      4,
    );
    await expectTooLong(
      sql(
        "MERGE INTO cv3 t USING (SELECT 9 AS id, 'toolong' AS v) s ON t.id = s.id WHEN NOT MATCHED THEN INSERT *",
      ),
      4,
    );
    await sql("UPDATE cv3 SET v = 'abcd  ' WHERE id = 1");
    await sql(
      "MERGE INTO cv3 t USING (SELECT 5 AS id, 'wxyz ' AS v) s ON t.id = s.id WHEN NOT MATCHED THEN INSERT *",
    );
    expect(await rows('SELECT id, v FROM cv3 ORDER BY id')).toEqual([
      [1, 'abcd'],
      [2, 'b'],
      [5, 'wxyz'],
    ]);
  });

  it('DataFrame writes into the table are checked too', async () => {
    await sql('CREATE TABLE cv4 (n INT, s VARCHAR(2)) USING DELTA');
    await fx.spark.createDataFrame([[1, 'ok']], 'n int, s string').write.insertInto('cv4');
    await expectTooLong(
      fx.spark
        .createDataFrame([[2, 'long']], 'n int, s string')
        .write.mode('append')
        .saveAsTable('cv4'),
      2,
    );
    expect(await rows('SELECT n, s FROM cv4')).toEqual([[1, 'ok']]);
  });

  it('with spark.sql.legacy.charVarcharAsString the columns are plain strings', async () => {
    await sql('CREATE TABLE cv5 (c CHAR(2), v VARCHAR(2)) USING DELTA');
    await sql('SET spark.sql.legacy.charVarcharAsString = true');
    await sql("INSERT INTO cv5 VALUES ('abc', 'defg')");
    expect(await rows('SELECT c, v FROM cv5')).toEqual([['abc', 'defg']]);
    await sql('SET spark.sql.legacy.charVarcharAsString = false');
  });
});
