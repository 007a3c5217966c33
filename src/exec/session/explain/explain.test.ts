import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-explain-');

async function explain(sql: string): Promise<string> {
  const [result] = await fx.session.execute(sql);
  if (result?.kind !== 'rows') throw new Error('EXPLAIN returned no rows');
  return String(result.rows[0]![0]);
}

describe('EXPLAIN', () => {
  it('scratch', async () => {
    await fx.rows('CREATE TABLE part (id BIGINT, p STRING) USING delta PARTITIONED BY (p)');
    await fx.rows("INSERT INTO part VALUES (1, 'a')");
    await fx.rows("INSERT INTO part VALUES (2, 'b')");
    await fx.rows("INSERT INTO part VALUES (3, 'c')");
    console.log(
      await explain(
        "EXPLAIN EXTENDED SELECT id, id + 1 AS x FROM part WHERE p = 'a' AND id > (SELECT max(id) - 10 FROM part)",
      ),
    );
    console.log(await explain("EXPLAIN SELECT * FROM part WHERE p = 'a'"));
    console.log(await explain('EXPLAIN FORMATTED SELECT p, count(*) FROM part WHERE id > 1 GROUP BY p'));
    console.log(await explain("EXPLAIN DELETE FROM part WHERE p = 'a'"));
    console.log(await explain('EXPLAIN EXTENDED UPDATE part SET id = 5 WHERE id = 2'));
    console.log(
      await explain(
        "EXPLAIN MERGE INTO part t USING (SELECT 1 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT (id, p) VALUES (s.id, 'z')",
      ),
    );
    console.log(await explain("EXPLAIN INSERT INTO part SELECT 7, 'q'"));
    expect(1).toBe(1);
  });
});
