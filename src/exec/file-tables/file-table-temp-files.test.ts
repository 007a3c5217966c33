/**
 * A file table has no checkpoints, whose writer cleans up after killed writers in a Delta table: its own
 * writes delete the temp files and staging folders killed writers left, once older than a day.
 */
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-file-table-tmp-');

describe('a file table write', () => {
  it("deletes killed writers' temp files and staging folders older than a day, and keeps young ones", async () => {
    await fixture.session.execute('CREATE TABLE ft (a INT, p INT) USING parquet PARTITIONED BY (p)');
    await fixture.session.execute('INSERT INTO ft VALUES (1, 1)');
    const folder = path.join(fixture.dir, 'wh', 'ft');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    const plant = async (rel: string, old: boolean) => {
      await mkdir(path.dirname(path.join(folder, rel)), { recursive: true });
      await writeFile(path.join(folder, rel), 'partial');
      if (old) await utimes(path.join(folder, rel), twoDaysAgo, twoDaysAgo);
    };
    await plant('p=1/.part-9.parquet.00aa11bb.tmp', true);
    await plant('p=1/.part-8.parquet.44ee55ff.tmp', false);
    await plant('_lakesql_staging_dead/data_0.parquet', true);
    await fixture.session.execute('INSERT INTO ft VALUES (2, 1)');
    const left = (await readdir(folder, { recursive: true })).filter(
      (n) => n.includes('.tmp') || n.includes('_lakesql_staging_'),
    );
    expect(left).toEqual([path.join('p=1', '.part-8.parquet.44ee55ff.tmp')]);
    expect(await fixture.rows('SELECT a, p FROM ft ORDER BY a')).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });
});
