/** CLUSTER BY in CREATE TABLE and ALTER TABLE: refused (liquid clustering is not written yet), nothing created. */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';
import type { SqlSession } from '../session/sql-session.js';

let lake: LakeSession;
let sql: SqlSession;
let warehouse: string;

const clusteringRefused = {
  errorClass: 'DELTA_UNSUPPORTED_FEATURES_FOR_WRITE',
  sqlState: '56038',
  messageParameters: { unsupported: 'clustering' },
};

beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-cluster-by-'));
  lake = await LakeSession.builder().config('spark.sql.warehouse.dir', warehouse).getOrCreate();
  sql = lake.sqlSession;
});

afterAll(async () => {
  lake.stop();
  await rm(warehouse, { recursive: true, force: true });
});

async function tableNames(): Promise<string[]> {
  const r = (await sql.execute('SHOW TABLES')).at(-1)!;
  return r.kind === 'rows' ? r.rows.map((row) => String(row[1])) : [];
}

async function latestVersion(name: string): Promise<unknown> {
  const r = (await sql.execute(`DESCRIBE HISTORY ${name} LIMIT 1`)).at(-1)!;
  return r.kind === 'rows' ? r.rows[0]![0] : undefined;
}

describe('CREATE TABLE … CLUSTER BY', () => {
  it('is refused with the clustering feature named, and creates neither a catalog entry nor a folder', async () => {
    for (const text of [
      'CREATE TABLE c1 (a INT, b STRING) CLUSTER BY (a)',
      'CREATE TABLE c1 (a INT, b STRING) USING DELTA CLUSTER BY (a, b)',
      'CREATE TABLE c1 CLUSTER BY (a) AS SELECT 1 AS a',
      'CREATE OR REPLACE TABLE c1 (a INT) CLUSTER BY AUTO',
    ]) {
      await expect(sql.execute(text), text).rejects.toMatchObject(clusteringRefused);
    }
    expect(await tableNames()).not.toContain('c1');
    expect(await readdir(join(warehouse))).not.toContain('c1');
  });

  it('REPLACE with CLUSTER BY leaves the existing table as it was', async () => {
    await sql.execute('CREATE TABLE c2 (a INT) USING DELTA; INSERT INTO c2 VALUES (1)');
    const before = await latestVersion('c2');
    await expect(sql.execute('CREATE OR REPLACE TABLE c2 (a INT) CLUSTER BY (a)')).rejects.toMatchObject(
      clusteringRefused,
    );
    await expect(sql.execute('REPLACE TABLE c2 CLUSTER BY (a) AS SELECT 2 AS a')).rejects.toMatchObject(
      clusteringRefused,
    );
    expect(await latestVersion('c2')).toEqual(before);
    const r = (await sql.execute('SELECT a FROM c2')).at(-1)!;
    expect(r.kind === 'rows' && r.rows).toEqual([[1]]);
  });

  it('CLUSTER BY NONE asks for no clustering: the table is created unclustered', async () => {
    await sql.execute('CREATE TABLE c3 (a INT) CLUSTER BY NONE');
    const r = (await sql.execute('DESCRIBE DETAIL c3')).at(-1)!;
    if (r.kind !== 'rows') throw new Error('expected rows');
    const i = r.columns.findIndex((c) => c.name === 'clusteringColumns');
    expect(r.rows[0]![i]).toEqual([]);
  });

  it('a file table with CLUSTER BY is refused too', async () => {
    await expect(sql.execute('CREATE TABLE c4 (a INT) USING parquet CLUSTER BY (a)')).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
      messageParameters: { feature: 'CLUSTER BY on a parquet table' },
    });
    expect(await tableNames()).not.toContain('c4');
  });
});

describe('ALTER TABLE … CLUSTER BY', () => {
  it('CLUSTER BY (cols) is refused and commits nothing; CLUSTER BY NONE on an unclustered table is a no-op', async () => {
    await sql.execute('CREATE TABLE a1 (a INT) USING DELTA');
    await expect(sql.execute('ALTER TABLE a1 CLUSTER BY (a)')).rejects.toMatchObject(clusteringRefused);
    await sql.execute('ALTER TABLE a1 CLUSTER BY NONE');
    expect(await latestVersion('a1')).toEqual(0n);
  });

  it('CLUSTER BY NONE on a clustered table (written by another engine) is refused', async () => {
    const path = join(warehouse, 'clustered');
    await mkdir(join(path, '_delta_log'), { recursive: true });
    const commit = [
      {
        protocol: {
          minReaderVersion: 1,
          minWriterVersion: 7,
          writerFeatures: ['clustering', 'domainMetadata'],
        },
      },
      {
        metaData: {
          id: '00000000-0000-0000-0000-000000000001',
          format: { provider: 'parquet', options: {} },
          schemaString: JSON.stringify({
            type: 'struct',
            fields: [{ name: 'a', type: 'integer', nullable: true, metadata: {} }],
          }),
          partitionColumns: [],
          configuration: {},
          createdTime: 0,
        },
      },
      {
        domainMetadata: {
          domain: 'delta.clustering',
          configuration: '{"clusteringColumns":[["a"]]}',
          removed: false,
        },
      },
    ];
    await writeFile(
      join(path, '_delta_log', '00000000000000000000.json'),
      `${commit.map((a) => JSON.stringify(a)).join('\n')}\n`,
    );
    await expect(sql.execute(`ALTER TABLE delta.\`${path}\` CLUSTER BY NONE`)).rejects.toMatchObject(
      clusteringRefused,
    );
  });
});
