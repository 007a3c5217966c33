/** CONVERT TO DELTA over real Parquet folders: the log written, stats, partition values, no data rewritten. */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-convert-');

async function logActions(table: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path.join(table, '_delta_log', '00000000000000000000.json'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('CONVERT TO DELTA', () => {
  it('an unpartitioned folder: adds with stats, rows readable through Delta', async () => {
    const t = path.join(fx.dir, 'plain');
    await mkdir(t, { recursive: true });
    await fx.engine.run(
      `COPY (SELECT * FROM (VALUES (1, 'a'), (2, NULL)) v(id, s)) TO '${t}/f1.parquet' (FORMAT parquet)`,
    );
    await fx.engine.run(`COPY (SELECT 3 AS id, 'c' AS s) TO '${t}/f2.parquet' (FORMAT parquet)`);
    const before = (await readdir(t)).sort();
    await fx.session.execute(`CONVERT TO DELTA parquet.\`${t}\``);
    expect((await readdir(t)).sort()).toEqual([...before, '_delta_log'].sort());
    const actions = await logActions(t);
    const info = actions.find((a) => a.commitInfo)!.commitInfo as Record<string, unknown>;
    expect(info.operation).toBe('CONVERT');
    const adds = actions.filter((a) => a.add).map((a) => a.add as Record<string, unknown>);
    const f1 = adds.find((a) => a.path === 'f1.parquet')!;
    expect(JSON.parse(f1.stats as string)).toEqual({
      numRecords: 2,
      minValues: { id: 1, s: 'a' },
      maxValues: { id: 2, s: 'a' },
      nullCount: { id: 0, s: 1 },
    });
    expect(await fx.rows(`SELECT id, s FROM delta.\`${t}\` ORDER BY id`)).toEqual([
      [1, 'a'],
      [2, null],
      [3, 'c'],
    ]);
    // A second run leaves the table as it is.
    await fx.session.execute(`CONVERT TO DELTA parquet.\`${t}\``);
    expect((await readdir(path.join(t, '_delta_log'))).filter((n) => n.endsWith('.json'))).toHaveLength(1);
  });

  it('a partitioned folder: partition values from the folders', async () => {
    const t = path.join(fx.dir, 'parted');
    for (const [p, id] of [
      ['x', 1],
      ['y z', 2],
    ] as const) {
      await mkdir(path.join(t, `p=${p}`), { recursive: true });
      await fx.engine.run(
        `COPY (SELECT ${id} AS id) TO '${path.join(t, `p=${p}`, 'part.parquet')}' (FORMAT parquet)`,
      );
    }
    await fx.session.execute(`CONVERT TO DELTA parquet.\`${t}\` NO STATISTICS PARTITIONED BY (p STRING)`);
    const actions = await logActions(t);
    const meta = actions.find((a) => a.metaData)!.metaData as Record<string, unknown>;
    expect(meta.partitionColumns).toEqual(['p']);
    const adds = actions.filter((a) => a.add).map((a) => a.add as Record<string, unknown>);
    expect(adds.map((a) => [a.path, a.partitionValues, a.stats]).sort()).toEqual([
      ['p=x/part.parquet', { p: 'x' }, undefined],
      ['p=y%20z/part.parquet', { p: 'y z' }, undefined],
    ]);
    expect(await fx.rows(`SELECT id, p FROM delta.\`${t}\` ORDER BY id`)).toEqual([
      [1, 'x'],
      [2, 'y z'],
    ]);
  });

  it('partition folders must match PARTITIONED BY', async () => {
    const t = path.join(fx.dir, 'mismatch');
    await mkdir(path.join(t, 'p=1'), { recursive: true });
    await fx.engine.run(`COPY (SELECT 1 AS id) TO '${path.join(t, 'p=1', 'a.parquet')}' (FORMAT parquet)`);
    const e = await fx.session.execute(`CONVERT TO DELTA parquet.\`${t}\``).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(LakesqlError);
    expect((e as LakesqlError).errorClass).toBe('DELTA_UNEXPECTED_NUM_PARTITION_COLUMNS_FROM_FILE_NAME');
    expect((e as LakesqlError).messageParameters.parsedCols).toBe('[`p`]');
  });
});
