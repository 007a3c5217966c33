/** COPY INTO with real files: loads each file once across runs, PATTERN, FILES, options, mergeSchema, force. */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DuckDBParquetHandler } from '../../engine/parquet-handler.js';
import { SqlSession } from '../session/sql-session.js';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-copy-into-');

async function commitInfos(table: string): Promise<Record<string, unknown>[]> {
  const log = path.join(fx.dir, 'wh', table, '_delta_log');
  const names = (await readdir(log)).filter((n) => n.endsWith('.json')).sort();
  const out: Record<string, unknown>[] = [];
  for (const n of names) {
    const line = (await readFile(path.join(log, n), 'utf8'))
      .split('\n')
      .find((l) => l.includes('commitInfo'))!;
    out.push((JSON.parse(line) as { commitInfo: Record<string, unknown> }).commitInfo);
  }
  return out;
}

describe('COPY INTO', () => {
  it('loads CSV files once, remembering them across runs and sessions', async () => {
    const src = path.join(fx.dir, 'in-csv');
    await mkdir(src, { recursive: true });
    await writeFile(path.join(src, 'a.csv'), 'id,name\n1,x\n2,y\n');
    await writeFile(path.join(src, '_ignored.csv'), 'id,name\n9,z\n');
    await fx.session.execute('CREATE TABLE students (id INT, name STRING)');
    const copy = `COPY INTO students FROM '${src}' FILEFORMAT = CSV FORMAT_OPTIONS ('header' = 'true')`;
    expect(await fx.rows(copy)).toEqual([[2n, 2n, 0n]]);
    expect(await fx.rows(copy)).toEqual([[0n, 0n, 0n]]);
    await writeFile(path.join(src, 'b.csv'), 'name,id\nw,3\n');
    const again = new SqlSession(fx.engine, new DuckDBParquetHandler(fx.engine), path.join(fx.dir, 'wh'));
    expect((await again.execute(copy))[0]).toMatchObject({ rows: [[1n, 1n, 0n]] });
    expect(await fx.rows('SELECT id, name FROM students ORDER BY id')).toEqual([
      [1, 'x'],
      [2, 'y'],
      [3, 'w'],
    ]);
    const infos = await commitInfos('students');
    expect(infos.map((c) => c.operation)).toEqual(['CREATE TABLE', 'COPY INTO', 'COPY INTO']);
    const loaded = JSON.parse((infos[1]!.operationParameters as Record<string, string>).loadedFiles!) as {
      path: string;
      size: number;
      modificationTime: number;
    }[];
    expect(loaded.map((f) => [path.basename(f.path), f.size])).toEqual([['a.csv', 16]]);
    expect(typeof loaded[0]!.modificationTime).toBe('number');
  });

  it('remembers files loaded before the last checkpoint, in a session that loads from the checkpoint', async () => {
    const src = path.join(fx.dir, 'in-csv-cp');
    await mkdir(src, { recursive: true });
    await writeFile(path.join(src, 'a.csv'), 'id\n1\n');
    await fx.session.execute(
      "CREATE TABLE cp_loads (id INT) TBLPROPERTIES ('delta.checkpointInterval' = '2')",
    );
    const copy = `COPY INTO cp_loads FROM '${src}' FILEFORMAT = CSV FORMAT_OPTIONS ('header' = 'true')`;
    expect(await fx.rows(copy)).toEqual([[1n, 1n, 0n]]); // version 1
    await fx.session.execute('INSERT INTO cp_loads VALUES (7)'); // version 2: checkpoint
    await fx.session.execute('INSERT INTO cp_loads VALUES (8)'); // version 3
    const log = path.join(fx.dir, 'wh', 'cp_loads', '_delta_log');
    expect(JSON.parse(await readFile(path.join(log, '_last_checkpoint'), 'utf8'))).toMatchObject({
      version: 2,
    });
    await writeFile(path.join(src, 'b.csv'), 'id\n2\n');
    const fresh = new SqlSession(fx.engine, new DuckDBParquetHandler(fx.engine), path.join(fx.dir, 'wh'));
    expect((await fresh.execute(copy))[0]).toMatchObject({ rows: [[1n, 1n, 0n]] }); // b.csv only
    expect(await fx.rows('SELECT id FROM cp_loads ORDER BY id')).toEqual([[1], [2], [7], [8]]);
  });

  it('force loads again; PATTERN and FILES choose files', async () => {
    const src = path.join(fx.dir, 'in-json');
    await mkdir(path.join(src, 'sub'), { recursive: true });
    await writeFile(path.join(src, 'e1.json'), '{"id":1,"v":"a"}\n{"id":2,"v":"b"}\n');
    await writeFile(path.join(src, 'sub', 'e2.json'), '{"id":3,"v":"c"}\n');
    await writeFile(path.join(src, 'x.txt'), 'not json\n');
    await fx.session.execute('CREATE TABLE events (id BIGINT, v STRING)');
    expect(await fx.rows(`COPY INTO events FROM '${src}' FILEFORMAT = JSON PATTERN = '*.json'`)).toEqual([
      [2n, 2n, 0n],
    ]);
    expect(await fx.rows(`COPY INTO events FROM '${src}' FILEFORMAT = JSON FILES = ('sub/e2.json')`)).toEqual(
      [[1n, 1n, 0n]],
    );
    expect(
      await fx.rows(`COPY INTO events FROM '${src}' FILEFORMAT = JSON PATTERN = 'nothing*.json'`),
    ).toEqual([[0n, 0n, 0n]]);
    expect(
      await fx.rows(
        `COPY INTO events FROM '${src}' FILEFORMAT = JSON PATTERN = '*.json' COPY_OPTIONS ('force' = 'true')`,
      ),
    ).toEqual([[2n, 2n, 0n]]);
    expect(await fx.rows('SELECT count(*) FROM events')).toEqual([[5n]]);
  });

  it('mergeSchema adds new columns; without it they fail', async () => {
    const src = path.join(fx.dir, 'in-parquet');
    await mkdir(src, { recursive: true });
    await fx.engine.run(
      `COPY (SELECT 1::INT AS id, 'n' AS extra) TO '${path.join(src, 'p.parquet')}' (FORMAT parquet)`,
    );
    await fx.session.execute('CREATE TABLE t_merge (id INT)');
    const plain = await errorOf(fx.session.execute(`COPY INTO t_merge FROM '${src}' FILEFORMAT = PARQUET`));
    expect(plain.errorClass).toBe('DELTA_METADATA_MISMATCH');
    expect(
      await fx.rows(
        `COPY INTO t_merge FROM '${src}' FILEFORMAT = PARQUET COPY_OPTIONS ('mergeSchema' = 'true')`,
      ),
    ).toEqual([[1n, 1n, 0n]]);
    expect(await fx.rows('SELECT id, extra FROM t_merge')).toEqual([[1, 'n']]);
  });

  it('loads ORC files (written by the TypeScript ORC writer) once', async () => {
    const src = path.join(fx.dir, 'in-orc');
    await fx.session.execute(
      `CREATE TABLE orc_src USING ORC LOCATION '${src}' AS SELECT * FROM VALUES (1, 'x', DATE'2024-01-02'), (2, NULL, NULL) AS v(id, name, d)`,
    );
    await fx.session.execute('CREATE TABLE from_orc (id INT, name STRING, d DATE)');
    const copy = `COPY INTO from_orc FROM '${src}' FILEFORMAT = ORC`;
    expect(await fx.rows(copy)).toEqual([[2n, 2n, 0n]]);
    expect(await fx.rows(copy)).toEqual([[0n, 0n, 0n]]);
    expect(await fx.rows('SELECT id, name, CAST(d AS STRING) FROM from_orc ORDER BY id')).toEqual([
      [1, 'x', '2024-01-02'],
      [2, null, null],
    ]);
  });

  it('errors: a missing source, an unsupported format, a table that is not Delta', async () => {
    await fx.session.execute('CREATE TABLE t_err (id INT)');
    const missing = await errorOf(
      fx.session.execute(`COPY INTO t_err FROM '${path.join(fx.dir, 'nope')}' FILEFORMAT = CSV`),
    );
    expect(missing.errorClass).toBe('PATH_NOT_FOUND');
    const avro = await errorOf(fx.session.execute(`COPY INTO t_err FROM '${fx.dir}' FILEFORMAT = AVRO`));
    expect(avro.errorClass).toBe('UNSUPPORTED_FEATURE');
    const none = await errorOf(fx.session.execute(`COPY INTO no_such FROM '${fx.dir}' FILEFORMAT = CSV`));
    expect(none.errorClass).toBe('TABLE_OR_VIEW_NOT_FOUND');
  });
});
