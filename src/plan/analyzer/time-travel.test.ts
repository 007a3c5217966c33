import { beforeAll, describe, expect, it } from 'vitest';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const t = useSqlSession('lakesql-time-travel-');

/** The commit time of each version of `tt` (ms): v0 create, v1 id 1, v2 id 2. */
let at: number[] = [];
beforeAll(async () => {
  await t.rows('CREATE TABLE tt (id INT) USING DELTA');
  await t.rows('INSERT INTO tt VALUES (1)');
  await t.rows('INSERT INTO tt VALUES (2)');
  const history = await t.rows('DESCRIBE HISTORY tt');
  at = history
    .map((r) => [Number(r[0]), Number((r[1] as bigint) / 1000n)] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, ms]) => ms);
});

const fails = (sql: string) => expect(t.rows(sql)).rejects;

describe('TIMESTAMP AS OF a constant expression', () => {
  it('folds functions, arithmetic, casts and scalar subqueries to the version current then', async () => {
    expect(await t.rows(`SELECT * FROM tt TIMESTAMP AS OF timestamp_millis(${at[1]})`)).toEqual([[1]]);
    expect(
      await t.rows(`SELECT * FROM tt TIMESTAMP AS OF timestamp_millis(${at[1]! - 1000}) + INTERVAL 1 SECOND`),
    ).toEqual([[1]]);
    const text = new Date(at[2]!).toISOString();
    expect(
      await t.rows(`SELECT * FROM tt FOR TIMESTAMP AS OF CAST('${text}' AS TIMESTAMP) ORDER BY id`),
    ).toEqual([[1], [2]]);
    expect(await t.rows(`SELECT * FROM tt TIMESTAMP AS OF (SELECT timestamp_millis(${at[1]}))`)).toEqual([
      [1],
    ]);
  });

  it('evaluates current_timestamp() and current_date() arithmetic (a day ago is before the table)', async () => {
    for (const expr of ['current_timestamp() - INTERVAL 1 DAY', 'date_sub(current_date(), 1)']) {
      await fails(`SELECT * FROM tt TIMESTAMP AS OF ${expr}`).toMatchObject({
        errorClass: 'DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION',
      });
    }
  });

  it('refuses a type that does not cast to TIMESTAMP, a NULL result and a nondeterministic expression', async () => {
    await fails('SELECT * FROM tt TIMESTAMP AS OF INTERVAL 1 DAY').toMatchObject({
      errorClass: 'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.INPUT',
      sqlState: '42K0E',
      messageParameters: { expr: `"INTERVAL '1' DAY"` },
    });
    await fails("SELECT * FROM tt TIMESTAMP AS OF 'abc'").toMatchObject({
      errorClass: 'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.INPUT',
      messageParameters: { expr: '"abc"' },
    });
    await fails('SELECT * FROM tt TIMESTAMP AS OF NULL').toMatchObject({
      errorClass: 'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.INPUT',
    });
    await fails('SELECT * FROM tt TIMESTAMP AS OF timestamp_millis(CAST(rand() AS BIGINT))').toMatchObject({
      errorClass: 'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.NON_DETERMINISTIC',
      messageParameters: { expr: '"timestamp_millis(CAST(rand() AS BIGINT))"' },
    });
    await fails('SELECT * FROM tt TIMESTAMP AS OF id').toMatchObject({
      errorClass: 'UNRESOLVED_COLUMN.WITHOUT_SUGGESTION',
    });
  });

  it('CLONE takes the same expressions', async () => {
    await t.rows(`CREATE TABLE tt_clone SHALLOW CLONE tt TIMESTAMP AS OF timestamp_millis(${at[1]})`);
    expect(await t.rows('SELECT * FROM tt_clone')).toEqual([[1]]);
  });
});

describe('RESTORE with TO optional', () => {
  it('restores by version and by a timestamp expression, with or without TO', async () => {
    await t.rows('CREATE TABLE tr (id INT) USING DELTA');
    await t.rows('INSERT INTO tr VALUES (1)');
    await t.rows('INSERT INTO tr VALUES (2)');
    expect(await t.rows('RESTORE tr VERSION AS OF 1')).toEqual([
      [expect.any(BigInt), 1n, 1n, 0n, expect.any(BigInt), 0n],
    ]);
    expect(await t.rows('SELECT * FROM tr')).toEqual([[1]]);
    const history = await t.rows('DESCRIBE HISTORY tr');
    const v0 = Number((history.find((r) => r[0] === 0n)![1] as bigint) / 1000n);
    await t.rows(`RESTORE TABLE tr TIMESTAMP AS OF timestamp_millis(${v0})`);
    expect(await t.rows('SELECT * FROM tr')).toEqual([]);
    await t.rows('RESTORE TABLE tr TO VERSION AS OF 2');
    expect(await t.rows('SELECT * FROM tr ORDER BY id')).toEqual([[1], [2]]);
    await fails('RESTORE tr TIMESTAMP AS OF INTERVAL 1 DAY').toMatchObject({
      errorClass: 'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.INPUT',
    });
  });
});
