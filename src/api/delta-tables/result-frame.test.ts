import { describe, expect, it } from 'vitest';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fixture = useLakeSession('lakesql-result-frame-');

describe('a statement result as a DataFrame', () => {
  it('collects a counter row as it is, and runs any query derived from it', async () => {
    const { spark } = fixture;
    await spark.sql('CREATE TABLE rf (id INT) USING DELTA');
    await spark.sql('INSERT INTO rf VALUES (1), (2), (3)');
    const deleted = await spark.sql('DELETE FROM rf WHERE id > 1');
    expect(deleted.knownRows?.rows).toEqual([[2n]]);
    expect(await deleted.collect()).toEqual([{ num_affected_rows: 2n }]);
    expect((await deleted.schema()).fieldNames()).toEqual(['num_affected_rows']);
    const derived = deleted.selectExpr('num_affected_rows + 1 AS n');
    expect(derived.knownRows).toBeUndefined();
    expect(await derived.collect()).toEqual([{ n: 3n }]);
  });

  it('runs rows of other types through the engine (timestamps in DESCRIBE HISTORY)', async () => {
    const history = await fixture.spark.sql('DESCRIBE HISTORY rf');
    expect(history.knownRows).toBeUndefined();
    expect((await history.collect()).map((r) => r.operation)).toEqual(['DELETE', 'WRITE', 'CREATE TABLE']);
  });
});
