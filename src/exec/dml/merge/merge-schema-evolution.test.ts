import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DmlTestKit, dmlTestKit } from '../testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
  await kit.run(
    'CREATE TEMP VIEW src AS SELECT * FROM VALUES (1, 5, 7, 70), (2, 6, 8, 80) AS s(id, v, extra, other)',
  );
});
afterAll(async () => kit.close());

async function target(name: string): Promise<void> {
  await kit.run(`CREATE TABLE ${name} (id INT, v INT) USING DELTA`);
  await kit.run(`INSERT INTO ${name} VALUES (1, 1)`);
}
const describeTypes = async (table: string) =>
  (await kit.rows(`DESCRIBE ${table}`)).map((r) => `${r[0]}: ${r[1]}`);

describe('MERGE schema evolution of columns named in SET and INSERT', () => {
  it('WITH SCHEMA EVOLUTION adds the source column UPDATE SET and INSERT (…) name, and only that one', async () => {
    await target('ev1');
    await kit.run(
      `MERGE WITH SCHEMA EVOLUTION INTO ev1 t USING src s ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET v = s.v, extra = s.extra
       WHEN NOT MATCHED THEN INSERT (id, v, extra) VALUES (s.id, s.v, s.extra)`,
    );
    expect(await describeTypes('ev1')).toEqual(['id: int', 'v: int', 'extra: int']);
    expect(await kit.rows('SELECT * FROM ev1 ORDER BY id')).toEqual([
      [1, 5, 7],
      [2, 6, 8],
    ]);
  });

  it('spark.databricks.delta.schema.autoMerge.enabled does the same, for a name qualified by the target', async () => {
    await target('ev2');
    await kit.run('SET spark.databricks.delta.schema.autoMerge.enabled = true');
    try {
      await kit.run(
        'MERGE INTO ev2 t USING src s ON t.id = s.id WHEN MATCHED THEN UPDATE SET t.other = s.other + 1',
      );
    } finally {
      await kit.run('SET spark.databricks.delta.schema.autoMerge.enabled = false');
    }
    expect(await describeTypes('ev2')).toEqual(['id: int', 'v: int', 'other: int']);
    expect(await kit.rows('SELECT * FROM ev2 ORDER BY id')).toEqual([[1, 1, 71]]);
  });

  it('without evolution, or for a name the source lacks, the column stays unresolved and nothing commits', async () => {
    await target('ev3');
    await expect(
      kit.run('MERGE INTO ev3 t USING src s ON t.id = s.id WHEN MATCHED THEN UPDATE SET extra = s.extra'),
    ).rejects.toMatchObject({ errorClass: 'DELTA_MERGE_UNRESOLVED_EXPRESSION' });
    await expect(
      kit.run(
        `MERGE WITH SCHEMA EVOLUTION INTO ev3 t USING src s ON t.id = s.id
         WHEN NOT MATCHED THEN INSERT (id, nope) VALUES (s.id, s.v)`,
      ),
    ).rejects.toMatchObject({ errorClass: 'DELTA_MERGE_UNRESOLVED_EXPRESSION' });
    expect(await kit.version('ev3')).toBe(1);
  });
});
