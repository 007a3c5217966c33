/**
 * POST /api/diff: a table with the change data feed compares through table_changes (inserts, deletes and
 * updates' images with their versions); without it, or backwards, or from before the feed was on, by a
 * full comparison of the two versions.
 */
import { describe, expect, it } from 'vitest';
import { useUiServer } from './testing/ui-server-fixture.js';
import type { VersionDiff } from './version-diff.js';

const fx = useUiServer('lakesql-ui-diff-');

const diff = (name: string, from: number, to: number) =>
  fx.api<VersionDiff>('/api/diff', { db: 'default', name, from, to });

function answer(d: VersionDiff) {
  if ('error' in d) throw new Error(`${d.error.errorClass}: ${d.error.message}`);
  return d;
}

describe('lakesql ui server: version diff', () => {
  it('reads the change data feed between two versions when the table has it', async () => {
    await fx.api('/api/run', {
      sql: `CREATE TABLE d_cdf (id INT, name STRING) USING delta TBLPROPERTIES (delta.enableChangeDataFeed = true);
INSERT INTO d_cdf VALUES (1, 'a'), (2, 'b');
UPDATE d_cdf SET name = 'B' WHERE id = 2;
DELETE FROM d_cdf WHERE id = 1`,
    });
    const d = answer(await diff('d_cdf', 1, 3));
    expect(d.method).toBe('changeDataFeed');
    expect(d.columns.map((c) => c.name)).toEqual(['_change_type', '_commit_version', 'id', 'name']);
    expect(d.rows).toEqual([
      ['update_postimage', '2', '2', 'B'],
      ['update_preimage', '2', '2', 'b'],
      ['delete', '3', '1', 'a'],
    ]);
    // Backwards in time the feed has nothing to say: the snapshots are compared.
    const back = answer(await diff('d_cdf', 3, 1));
    expect(back.method).toBe('fullComparison');
    expect(back.rows).toEqual([
      ['added', '1', 'a'],
      ['added', '2', 'b'],
      ['removed', '2', 'B'],
    ]);
  });

  it('compares in full without the feed, and when the feed was turned on after the first version', async () => {
    await fx.api('/api/run', {
      sql: `CREATE TABLE d_plain (id INT) USING delta;
INSERT INTO d_plain VALUES (1), (2);
INSERT INTO d_plain VALUES (3)`,
    });
    const plain = answer(await diff('d_plain', 1, 2));
    expect(plain).toMatchObject({ method: 'fullComparison', rows: [['added', '3']] });
    expect(plain.note).toBeUndefined();
    await fx.api('/api/run', {
      sql: `ALTER TABLE d_plain SET TBLPROPERTIES (delta.enableChangeDataFeed = true);
DELETE FROM d_plain WHERE id = 2`,
    });
    const late = answer(await diff('d_plain', 0, 4));
    expect(late.method).toBe('fullComparison');
    expect(late.note).toMatch(/^The change data feed cannot answer \(DELTA_MISSING_CHANGE_DATA\)/);
    expect(late.rows).toEqual([
      ['added', '1'],
      ['added', '3'],
    ]);
  });

  it('gives the error of a version that does not exist', async () => {
    const d = await diff('d_plain', 0, 99);
    expect(d).toMatchObject({ error: { errorClass: expect.stringMatching(/VERSION|TIME_TRAVEL/) } });
  });
});
