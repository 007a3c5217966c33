/**
 * Liquid clustering's DDL: CREATE / REPLACE / ALTER TABLE … CLUSTER BY write the `clustering` feature and the
 * `delta.clustering` domain as Delta does (asserted on the log's actions), refuse what Delta refuses with its
 * error classes, show the columns in DESCRIBE DETAIL / DESCRIBE TABLE / SHOW CREATE TABLE / DESCRIBE
 * HISTORY, and writers leave a clustered table's protocol and domain as they found them.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeltaTable } from '../../api/delta-tables/delta-table.js';
import { LakeSession } from '../../api/lake-session.js';
import type { Value } from '../../types/value.js';
import type { SqlSession } from '../session/sql-session.js';
import { alterClusterBy } from './cluster-by.js';
import { resolveDeltaAlterTarget } from './delta-alter-target.js';

let lake: LakeSession;
let sql: SqlSession;
let warehouse: string;

beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-cluster-by-'));
  lake = await LakeSession.builder().config('spark.sql.warehouse.dir', warehouse).getOrCreate();
  sql = lake.sqlSession;
  // The protocols below are pinned from a legacy (1, 2) start: no default deletion vectors here.
  await sql.setConf('spark.databricks.delta.properties.defaults.enableDeletionVectors', 'false');
});

afterAll(async () => {
  lake.stop();
  await rm(warehouse, { recursive: true, force: true });
});

async function rows(text: string): Promise<Value[][]> {
  const r = (await sql.execute(text)).at(-1)!;
  if (r.kind !== 'rows') throw new Error('expected rows');
  return r.rows;
}

async function detail(name: string): Promise<Record<string, Value>> {
  const r = (await sql.execute(`DESCRIBE DETAIL ${name}`)).at(-1)!;
  if (r.kind !== 'rows') throw new Error('expected rows');
  return Object.fromEntries(r.columns.map((c, i) => [c.name, r.rows[0]![i]!]));
}

/** The actions of one commit of the table at `dir`, keyed by action name. */
async function commit(dir: string, version: number): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(dir, '_delta_log', `${String(version).padStart(20, '0')}.json`), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function action<T = Record<string, unknown>>(
  actions: Record<string, unknown>[],
  kind: string,
): T | undefined {
  return actions.find((a) => kind in a)?.[kind] as T | undefined;
}

const tableDir = (name: string) => join(warehouse, name);
const sorted = (xs: unknown) => [...(xs as string[])].sort();
const CLUSTERED_FEATURES = ['appendOnly', 'clustering', 'domainMetadata', 'invariants'];

async function tableNames(): Promise<string[]> {
  return (await rows('SHOW TABLES')).map((row) => String(row[1]));
}

describe('CREATE TABLE … CLUSTER BY', () => {
  it('commits the clustering feature and the delta.clustering domain; writes keep both and collect stats', async () => {
    await sql.execute('CREATE TABLE c1 (a INT, b STRING, c DOUBLE) USING DELTA CLUSTER BY (a, b)');
    const v0 = await commit(tableDir('c1'), 0);
    const protocol = action(v0, 'protocol')!;
    expect(protocol).toMatchObject({ minReaderVersion: 1, minWriterVersion: 7 });
    expect(protocol).not.toHaveProperty('readerFeatures');
    expect(sorted(protocol.writerFeatures)).toEqual(CLUSTERED_FEATURES);
    expect(action(v0, 'domainMetadata')).toEqual({
      domain: 'delta.clustering',
      configuration: '{"clusteringColumns":[["a"],["b"]]}',
      removed: false,
    });
    // The columns live in the domain only, the feature in the protocol only (not as table properties).
    expect(action<{ configuration: object }>(v0, 'metaData')!.configuration).toEqual({
      'delta.enableDeletionVectors': 'false',
    });
    expect(action<{ operationParameters: object }>(v0, 'commitInfo')!.operationParameters).toMatchObject({
      partitionBy: '[]',
      clusterBy: '["a","b"]',
    });
    const d = await detail('c1');
    expect(d.clusteringColumns).toEqual(['a', 'b']);
    expect(d.partitionColumns).toEqual([]);
    expect(d.tableFeatures).toEqual(CLUSTERED_FEATURES);

    await sql.execute("INSERT INTO c1 VALUES (2, 'y', 0.5), (1, 'x', 1.5)");
    const v1 = await commit(tableDir('c1'), 1);
    expect(action(v1, 'protocol')).toBeUndefined();
    expect(action(v1, 'domainMetadata')).toBeUndefined();
    const stats = JSON.parse(action<{ stats: string }>(v1, 'add')!.stats);
    expect(stats).toMatchObject({ numRecords: 2, minValues: { a: 1, b: 'x' }, maxValues: { a: 2, b: 'y' } });
    expect(await rows('SELECT a, b FROM c1 ORDER BY a')).toEqual([
      [1, 'x'],
      [2, 'y'],
    ]);
    expect((await detail('c1')).clusteringColumns).toEqual(['a', 'b']);
    const history = await rows('DESCRIBE HISTORY c1');
    const params = history.map((h) => h[5]) as unknown as { entries: [string, string][] }[];
    expect(Object.fromEntries(params.at(-1)!.entries)).toMatchObject({ clusterBy: '["a","b"]' });
  });

  it('CTAS clusters by a nested column, recorded by physical names under column mapping', async () => {
    const r = await rows(`CREATE TABLE c2 USING DELTA CLUSTER BY (s.x)
      TBLPROPERTIES ('delta.columnMapping.mode' = 'name')
      AS SELECT 1 AS id, named_struct('x', 2, 'y', 'z') AS s`);
    expect(r).toEqual([[1n, 1n]]);
    const v0 = await commit(tableDir('c2'), 0);
    const schema = JSON.parse(action<{ schemaString: string }>(v0, 'metaData')!.schemaString) as {
      fields: { name: string; metadata: Record<string, unknown>; type: { fields: typeof schema.fields } }[];
    };
    const s = schema.fields.find((f) => f.name === 's')!;
    const x = s.type.fields.find((f) => f.name === 'x')!;
    const physical = [
      s.metadata['delta.columnMapping.physicalName'],
      x.metadata['delta.columnMapping.physicalName'],
    ];
    expect(physical[0]).toMatch(/^col-/);
    expect(JSON.parse(action<{ configuration: string }>(v0, 'domainMetadata')!.configuration)).toEqual({
      clusteringColumns: [physical],
    });
    // Column mapping's legacy (2, 5) protocol names its implicit features once clustering needs writer 7.
    expect(action(v0, 'protocol')).toMatchObject({ minReaderVersion: 2, minWriterVersion: 7 });
    expect(sorted(action(v0, 'protocol')!.writerFeatures)).toEqual(
      [
        'changeDataFeed',
        'checkConstraints',
        'columnMapping',
        'generatedColumns',
        ...CLUSTERED_FEATURES,
      ].sort(),
    );
    expect((await detail('c2')).clusteringColumns).toEqual(['s.x']);
    expect(await rows('SELECT id, s.x FROM c2')).toEqual([[1, 2]]);
  });

  it('refuses what Delta refuses, creating neither a catalog entry nor a folder', async () => {
    const cases: [string, object][] = [
      [
        'CREATE TABLE e1 (a INT, b INT, c INT, d INT, e INT) CLUSTER BY (a, b, c, d, e)',
        {
          errorClass: 'DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS',
          sqlState: '54000',
          messageParameters: { numColumnsLimit: 4, actualNumColumns: 5 },
        },
      ],
      [
        'CREATE TABLE e1 (a INT) CLUSTER BY (zz)',
        { errorClass: 'DELTA_COLUMN_NOT_FOUND_IN_SCHEMA', messageParameters: { columnName: 'zz' } },
      ],
      [
        'CREATE TABLE e1 (a STRUCT<b: INT>) CLUSTER BY (a.q)',
        { errorClass: 'DELTA_COLUMN_NOT_FOUND_IN_SCHEMA', messageParameters: { columnName: 'a.q' } },
      ],
      [
        'CREATE TABLE e1 (a INT) CLUSTER BY (a, A)',
        {
          errorClass: 'DELTA_DUPLICATE_COLUMNS_FOUND.CLUSTER_BY',
          sqlState: '42711',
          messageParameters: { duplicateCols: '`a`' },
        },
      ],
      [
        'CREATE TABLE e1 (a STRUCT<b: INT, c: INT>, d BOOLEAN, e MAP<INT, INT>) CLUSTER BY (d)',
        {
          errorClass: 'DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED',
          messageParameters: { columnsWithDataTypes: 'd : BOOLEAN' },
        },
      ],
      [
        'CREATE TABLE e1 (a STRUCT<b: INT, c: INT>, e MAP<INT, INT>) CLUSTER BY (a, e)',
        {
          errorClass: 'DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED',
          messageParameters: { columnsWithDataTypes: 'a : STRUCT<b: INT, c: INT>, e : MAP<INT, INT>' },
        },
      ],
      [
        `CREATE TABLE e1 (c0 INT, c1 STRUCT<c11: INT, c12: STRING>) CLUSTER BY (c0, c1.c12)
           TBLPROPERTIES ('delta.dataSkippingNumIndexedCols' = '2')`,
        {
          errorClass: 'DELTA_CLUSTERING_COLUMN_MISSING_STATS',
          sqlState: '22000',
          messageParameters: {
            columns: 'c1.c12',
            schema:
              'root\n |-- c0: integer (nullable = true)\n |-- c1: struct (nullable = true)\n |    |-- c11: integer (nullable = true)\n',
          },
        },
      ],
      [
        'CREATE TABLE e1 (a INT, b INT) PARTITIONED BY (b) CLUSTER BY (a)',
        { errorClass: 'DELTA_CLUSTER_BY_WITH_PARTITIONED_BY', sqlState: '42613' },
      ],
      [
        'CREATE TABLE e1 (a INT) CLUSTER BY AUTO',
        {
          errorClass: 'UNSUPPORTED_FEATURE',
          messageParameters: { feature: expect.stringContaining('AUTO') },
        },
      ],
      [
        "CREATE TABLE e1 (a INT) TBLPROPERTIES ('delta.feature.clustering' = 'supported')",
        {
          errorClass: 'DELTA_CREATE_TABLE_SET_CLUSTERING_TABLE_FEATURE_NOT_ALLOWED',
          messageParameters: { tableFeature: 'clustering' },
        },
      ],
      [
        'CREATE TABLE e1 (a INT) USING parquet CLUSTER BY (a)',
        {
          errorClass: 'UNSUPPORTED_FEATURE',
          messageParameters: { feature: 'CLUSTER BY on a parquet table' },
        },
      ],
    ];
    for (const [text, expected] of cases) {
      await expect(sql.execute(text), text).rejects.toMatchObject(expected);
    }
    expect(await tableNames()).not.toContain('e1');
    expect(await readdir(warehouse)).not.toContain('e1');
  });

  it('takes a column listed in delta.dataSkippingStatsColumns; CLUSTER BY NONE creates an unclustered table', async () => {
    await sql.execute(`CREATE TABLE c3 (c0 INT, c1 STRING) CLUSTER BY (c1)
      TBLPROPERTIES ('delta.dataSkippingStatsColumns' = 'c1')`);
    expect((await detail('c3')).clusteringColumns).toEqual(['c1']);
    await expect(
      sql.execute(`CREATE TABLE e2 (c0 INT, c1 STRING) CLUSTER BY (c0)
        TBLPROPERTIES ('delta.dataSkippingStatsColumns' = 'c1')`),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_CLUSTERING_COLUMN_MISSING_STATS',
      messageParameters: { columns: 'c0' },
    });

    await sql.execute('CREATE TABLE c4 (a INT) CLUSTER BY NONE');
    const v0 = await commit(tableDir('c4'), 0);
    expect(action(v0, 'protocol')).toEqual({ minReaderVersion: 1, minWriterVersion: 2 });
    expect(action(v0, 'domainMetadata')).toBeUndefined();
    expect((await detail('c4')).clusteringColumns).toEqual([]);
  });

  it('by path, and registering that table again checks the clustering matches', async () => {
    const path = join(warehouse, 'by-path');
    await sql.execute(`CREATE TABLE delta.\`${path}\` (col1 INT, col2 STRING) USING DELTA CLUSTER BY (col1)`);
    expect(action(await commit(path, 0), 'domainMetadata')).toMatchObject({
      configuration: '{"clusteringColumns":[["col1"]]}',
    });
    await expect(
      sql.execute(`CREATE TABLE x1 (col1 INT, col2 STRING) USING DELTA LOCATION '${path}'`),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_CREATE_TABLE_WITH_DIFFERENT_CLUSTERING',
      messageParameters: { specifiedColumns: '', existingColumns: 'col1' },
    });
    await expect(
      sql.execute(`CREATE TABLE x1 (col1 INT, col2 STRING) USING DELTA CLUSTER BY (col2) LOCATION '${path}'`),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_CREATE_TABLE_WITH_DIFFERENT_CLUSTERING',
      messageParameters: { specifiedColumns: 'col2', existingColumns: 'col1' },
    });
    await sql.execute(
      `CREATE TABLE x1 (col1 INT, col2 STRING) USING DELTA CLUSTER BY (col1) LOCATION '${path}'`,
    );
    await sql.execute(`CREATE TABLE x2 USING DELTA LOCATION '${path}'`);
    expect((await detail('x1')).clusteringColumns).toEqual(['col1']);
    expect((await detail('x2')).clusteringColumns).toEqual(['col1']);
  });
});

describe('REPLACE TABLE and clustering', () => {
  it('clusters a replaced table; REPLACE without CLUSTER BY keeps the feature with no columns', async () => {
    await sql.execute('CREATE TABLE r1 (a INT, b INT) USING DELTA; INSERT INTO r1 VALUES (1, 2)');
    await sql.execute('CREATE OR REPLACE TABLE r1 (a INT, b INT) USING DELTA CLUSTER BY (b)');
    const v2 = await commit(tableDir('r1'), 2);
    expect(sorted(action(v2, 'protocol')!.writerFeatures)).toEqual(CLUSTERED_FEATURES);
    expect(action(v2, 'domainMetadata')).toMatchObject({ configuration: '{"clusteringColumns":[["b"]]}' });
    expect(action<{ operation: string; operationParameters: object }>(v2, 'commitInfo')).toMatchObject({
      operation: 'CREATE OR REPLACE TABLE',
      operationParameters: { clusterBy: '["b"]' },
    });
    expect(await rows('SELECT * FROM r1')).toEqual([]);

    expect(await rows('REPLACE TABLE r1 USING DELTA CLUSTER BY (a) AS SELECT 5 AS a')).toEqual([[1n, 1n]]);
    expect(action(await commit(tableDir('r1'), 3), 'domainMetadata')).toMatchObject({
      configuration: '{"clusteringColumns":[["a"]]}',
    });
    expect(await rows('SELECT * FROM r1')).toEqual([[5]]);

    await sql.execute('REPLACE TABLE r1 (i INT, s STRING) USING DELTA');
    const v4 = await commit(tableDir('r1'), 4);
    expect(action(v4, 'protocol')).toBeUndefined();
    expect(action(v4, 'domainMetadata')).toEqual({
      domain: 'delta.clustering',
      configuration: '{"clusteringColumns":[]}',
      removed: false,
    });
    const d = await detail('r1');
    expect(d.clusteringColumns).toEqual([]);
    expect(d.tableFeatures).toEqual(CLUSTERED_FEATURES);
  });

  it('a clustered table cannot be replaced by a partitioned one', async () => {
    await sql.execute('CREATE TABLE r2 (i INT, s STRING) USING DELTA CLUSTER BY (i)');
    for (const text of [
      'REPLACE TABLE r2 (i INT, s STRING) USING DELTA PARTITIONED BY (i)',
      "CREATE OR REPLACE TABLE r2 USING DELTA PARTITIONED BY (i) AS SELECT 1 AS i, 'a' AS s",
    ]) {
      await expect(sql.execute(text), text).rejects.toMatchObject({
        errorClass: 'DELTA_CLUSTERING_REPLACE_TABLE_WITH_PARTITIONED_TABLE',
      });
    }
    expect((await detail('r2')).clusteringColumns).toEqual(['i']);
  });
});

describe('ALTER TABLE … CLUSTER BY', () => {
  it('clusters an unclustered table (protocol upgrade and domain), changes and clears its columns', async () => {
    await sql.execute("CREATE TABLE a1 (a INT, b STRING) USING DELTA; INSERT INTO a1 VALUES (1, 'x')");
    await sql.execute('ALTER TABLE a1 CLUSTER BY (b)');
    const v2 = await commit(tableDir('a1'), 2);
    expect(v2.map((a) => Object.keys(a)[0])).toEqual(['commitInfo', 'protocol', 'domainMetadata']);
    expect(sorted(action(v2, 'protocol')!.writerFeatures)).toEqual(CLUSTERED_FEATURES);
    expect(action(v2, 'domainMetadata')).toMatchObject({ configuration: '{"clusteringColumns":[["b"]]}' });
    expect(action(v2, 'commitInfo')).toMatchObject({
      operation: 'CLUSTER BY',
      operationParameters: { oldClusteringColumns: '', newClusteringColumns: 'b' },
    });

    await sql.execute('ALTER TABLE a1 CLUSTER BY (a, b)');
    const v3 = await commit(tableDir('a1'), 3);
    expect(v3.map((a) => Object.keys(a)[0])).toEqual(['commitInfo', 'domainMetadata']);
    expect(action(v3, 'commitInfo')).toMatchObject({
      operationParameters: { oldClusteringColumns: 'b', newClusteringColumns: 'a,b' },
    });
    expect((await detail('a1')).clusteringColumns).toEqual(['a', 'b']);

    await sql.execute('ALTER TABLE a1 CLUSTER BY NONE');
    expect(action(await commit(tableDir('a1'), 4), 'domainMetadata')).toMatchObject({
      configuration: '{"clusteringColumns":[]}',
    });
    expect((await detail('a1')).clusteringColumns).toEqual([]);
    expect(await rows('SELECT * FROM a1')).toEqual([[1, 'x']]);
  });

  it('CLUSTER BY NONE on an unclustered table commits nothing; partitioned tables are refused', async () => {
    await sql.execute('CREATE TABLE a2 (a INT) USING DELTA');
    await sql.execute('ALTER TABLE a2 CLUSTER BY NONE');
    expect((await rows('DESCRIBE HISTORY a2')).length).toBe(1);
    await sql.execute('CREATE TABLE a3 (a INT, p INT) USING DELTA PARTITIONED BY (p)');
    for (const text of ['ALTER TABLE a3 CLUSTER BY (a)', 'ALTER TABLE a3 CLUSTER BY NONE']) {
      await expect(sql.execute(text), text).rejects.toMatchObject({
        errorClass: 'DELTA_ALTER_TABLE_CLUSTER_BY_ON_PARTITIONED_TABLE_NOT_ALLOWED',
      });
    }
  });

  it('checks the columns as CREATE does', async () => {
    await sql.execute(`CREATE TABLE a4 (col0 INT, col1 STRUCT<col11: INT, col12: STRING>) USING DELTA
      CLUSTER BY (col0, col1.col11) TBLPROPERTIES ('delta.dataSkippingNumIndexedCols' = '2')`);
    await expect(sql.execute('ALTER TABLE a4 CLUSTER BY (col0, col1.col12)')).rejects.toMatchObject({
      errorClass: 'DELTA_CLUSTERING_COLUMN_MISSING_STATS',
      messageParameters: { columns: 'col1.col12' },
    });
    await expect(sql.execute('ALTER TABLE a4 CLUSTER BY (col0, col0)')).rejects.toMatchObject({
      errorClass: 'DELTA_DUPLICATE_COLUMNS_FOUND.CLUSTER_BY',
      messageParameters: { duplicateCols: '`col0`' },
    });
    await expect(sql.execute('ALTER TABLE a4 CLUSTER BY (invalid)')).rejects.toMatchObject({
      errorClass: 'DELTA_COLUMN_NOT_FOUND_IN_SCHEMA',
    });
    await sql.execute('ALTER TABLE a4 CLUSTER BY (col1.col11)');
    expect((await detail('a4')).clusteringColumns).toEqual(['col1.col11']);
  });

  it('SET TBLPROPERTIES may not turn clustering on; DROP of a clustering column is refused, RENAME follows it', async () => {
    await sql.execute(`CREATE TABLE a5 (a INT, b STRING, c INT) USING DELTA CLUSTER BY (a)
      TBLPROPERTIES ('delta.columnMapping.mode' = 'name')`);
    await expect(
      sql.execute("ALTER TABLE a5 SET TBLPROPERTIES ('delta.feature.clustering' = 'supported')"),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_ALTER_TABLE_SET_CLUSTERING_TABLE_FEATURE_NOT_ALLOWED',
      messageParameters: { tableFeature: 'clustering' },
    });
    await expect(
      sql.execute(`ALTER TABLE a5 SET TBLPROPERTIES ('clusteringColumns' = '[["b"]]')`),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_CANNOT_MODIFY_TABLE_PROPERTY',
      messageParameters: { prop: 'clusteringColumns' },
    });
    for (const text of ['ALTER TABLE a5 DROP COLUMN a', 'ALTER TABLE a5 DROP COLUMNS (c, a)']) {
      await expect(sql.execute(text), text).rejects.toMatchObject({
        errorClass: 'DELTA_UNSUPPORTED_DROP_CLUSTERING_COLUMN',
        sqlState: '0AKDC',
        messageParameters: { columnList: 'a' },
      });
    }
    await sql.execute('ALTER TABLE a5 DROP COLUMN c');
    // The domain names the physical column, which a rename keeps: no new domain, the new name shows.
    await sql.execute('ALTER TABLE a5 RENAME COLUMN a TO `a 2`');
    expect(action(await commit(tableDir('a5'), 2), 'domainMetadata')).toBeUndefined();
    expect((await detail('a5')).clusteringColumns).toEqual(['`a 2`']);
    expect(await rows('SHOW CREATE TABLE a5')).toEqual([[expect.stringContaining('CLUSTER BY (`a 2`)')]]);
  });
});

describe('DESCRIBE TABLE and SHOW CREATE TABLE of a clustered table', () => {
  it('DESCRIBE shows the clustering block; SHOW CREATE TABLE prints CLUSTER BY', async () => {
    await sql.execute(`CREATE TABLE d1 (id INT COMMENT 'key', s STRUCT<x: BIGINT>, name STRING) USING DELTA
      CLUSTER BY (s.x, id)`);
    expect(await rows('DESCRIBE d1')).toEqual([
      ['id', 'int', 'key'],
      ['s', 'struct<x:bigint>', null],
      ['name', 'string', null],
      ['# Clustering Information', '', ''],
      ['# col_name', 'data_type', 'comment'],
      ['s.x', 'bigint', null],
      ['id', 'int', 'key'],
    ]);
    const extended = await rows('DESCRIBE TABLE EXTENDED d1');
    expect(extended.slice(3, 9).map((r) => r[0])).toEqual([
      '# Clustering Information',
      '# col_name',
      's.x',
      'id',
      '',
      '# Detailed Table Information',
    ]);
    const [[text]] = (await rows('SHOW CREATE TABLE d1')) as [[string]];
    expect(text).toContain('USING delta\nCLUSTER BY (s.x, id)\nLOCATION ');
    await sql.execute('ALTER TABLE d1 CLUSTER BY NONE');
    expect((await rows('DESCRIBE d1')).length).toBe(3);
    const [[after]] = (await rows('SHOW CREATE TABLE d1')) as [[string]];
    expect(after).not.toContain('CLUSTER BY');
  });
});

/** A clustered table as Spark writes it: a (1, 7) protocol listing clustering and its domain. */
async function sparkClusteredTable(name: string): Promise<string> {
  const path = join(warehouse, name);
  await mkdir(join(path, '_delta_log'), { recursive: true });
  const actions = [
    {
      commitInfo: {
        timestamp: 1700000000000,
        operation: 'CREATE TABLE',
        operationParameters: { partitionBy: '[]', clusterBy: '["id"]' },
        engineInfo: 'Apache-Spark/3.5.3 Delta-Lake/3.3.0',
      },
    },
    {
      protocol: {
        minReaderVersion: 1,
        minWriterVersion: 7,
        writerFeatures: ['domainMetadata', 'clustering', 'appendOnly', 'invariants'],
      },
    },
    {
      metaData: {
        id: '00000000-0000-0000-0000-00000000c1a5',
        format: { provider: 'parquet', options: {} },
        schemaString: JSON.stringify({
          type: 'struct',
          fields: [
            { name: 'id', type: 'long', nullable: true, metadata: {} },
            { name: 'v', type: 'string', nullable: true, metadata: {} },
          ],
        }),
        partitionColumns: [],
        configuration: {},
        createdTime: 1700000000000,
      },
    },
    {
      domainMetadata: {
        domain: 'delta.clustering',
        configuration: '{"clusteringColumns":[["id"]]}',
        removed: false,
      },
    },
  ];
  await writeFile(
    join(path, '_delta_log', '00000000000000000000.json'),
    `${actions.map((a) => JSON.stringify(a)).join('\n')}\n`,
  );
  return path;
}

describe('writers on a clustered table written by Spark', () => {
  it('INSERT, UPDATE, DELETE, MERGE and a DataFrame append keep its protocol and domain', async () => {
    const path = await sparkClusteredTable('spark-clustered');
    const t = `delta.\`${path}\``;
    expect((await detail(t)).clusteringColumns).toEqual(['id']);
    await sql.execute(`INSERT INTO ${t} VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
    await sql.execute(`UPDATE ${t} SET v = 'B' WHERE id = 2`);
    await sql.execute(`DELETE FROM ${t} WHERE id = 3`);
    await sql.execute(`MERGE INTO ${t} AS t USING (SELECT 4 AS id, 'd' AS v) AS s ON t.id = s.id
      WHEN NOT MATCHED THEN INSERT *`);
    await (await lake.sql('SELECT 5L AS id, "e" AS v')).write.format('delta').mode('append').save(path);
    for (let v = 1; v <= 5; v++) {
      const actions = await commit(path, v);
      expect(action(actions, 'protocol'), `v${v}`).toBeUndefined();
      expect(action(actions, 'domainMetadata'), `v${v}`).toBeUndefined();
      for (const a of actions.filter((x) => 'add' in x)) {
        const stats = JSON.parse((a.add as { stats: string }).stats);
        expect(stats.minValues, `v${v}`).toHaveProperty('id');
      }
    }
    expect(await rows(`SELECT id, v FROM ${t} ORDER BY id`)).toEqual([
      [1n, 'a'],
      [2n, 'B'],
      [4n, 'd'],
      [5n, 'e'],
    ]);
    const d = await detail(t);
    expect(d.clusteringColumns).toEqual(['id']);
    expect(d.minWriterVersion).toBe(7);
    await sql.execute(`ALTER TABLE ${t} CLUSTER BY NONE`);
    expect(action(await commit(path, 6), 'domainMetadata')).toMatchObject({
      configuration: '{"clusteringColumns":[]}',
    });
  });
});

describe('writes that redefine a clustered table', () => {
  it('a DataFrame overwrite with a new schema leaves it clustered by no columns; RESTORE puts the columns back', async () => {
    await sql.execute(
      "CREATE TABLE w1 (a INT, b STRING) USING DELTA CLUSTER BY (a); INSERT INTO w1 VALUES (1, 'x')",
    );
    await (await lake.sql('SELECT 7 AS i, "s" AS s')).write
      .format('delta')
      .mode('overwrite')
      .option('overwriteSchema', 'true')
      .saveAsTable('w1');
    expect(action(await commit(tableDir('w1'), 2), 'domainMetadata')).toMatchObject({
      configuration: '{"clusteringColumns":[]}',
    });
    expect((await detail('w1')).clusteringColumns).toEqual([]);
    expect(await rows('SELECT * FROM w1')).toEqual([[7, 's']]);

    await sql.execute('RESTORE TABLE w1 TO VERSION AS OF 1');
    expect(action(await commit(tableDir('w1'), 3), 'domainMetadata')).toMatchObject({
      configuration: '{"clusteringColumns":[["a"]]}',
    });
    expect((await detail('w1')).clusteringColumns).toEqual(['a']);
    expect(await rows('SELECT * FROM w1')).toEqual([[1, 'x']]);
  });

  it('RESTORE to a version before clustering keeps the feature with no columns', async () => {
    await sql.execute(
      'CREATE TABLE w2 (a INT) USING DELTA; INSERT INTO w2 VALUES (1); ALTER TABLE w2 CLUSTER BY (a)',
    );
    await sql.execute('RESTORE TABLE w2 TO VERSION AS OF 1');
    const v3 = await commit(tableDir('w2'), 3);
    expect(action(v3, 'domainMetadata')).toMatchObject({ configuration: '{"clusteringColumns":[]}' });
    expect(action(v3, 'protocol')).toBeUndefined();
    expect((await detail('w2')).tableFeatures).toEqual(CLUSTERED_FEATURES);
  });
});

describe('concurrent ALTER TABLE … CLUSTER BY', () => {
  it('two changes of the clustering columns conflict on the domain; a concurrent append does not', async () => {
    await sql.execute(
      "CREATE TABLE k1 (a INT, b STRING) USING DELTA CLUSTER BY (a); INSERT INTO k1 VALUES (1, 'x')",
    );
    const stale = await resolveDeltaAlterTarget(sql, ['k1']);
    await sql.execute('ALTER TABLE k1 CLUSTER BY (b)');
    await expect(alterClusterBy(sql, stale, [['b']])).rejects.toMatchObject({
      errorClass: 'DELTA_CONCURRENT_TRANSACTION',
      messageParameters: { version: 2, appId: 'domain delta.clustering' },
    });
    expect((await detail('k1')).clusteringColumns).toEqual(['b']);

    const beforeAppend = await resolveDeltaAlterTarget(sql, ['k1']);
    await sql.execute("INSERT INTO k1 VALUES (2, 'y')");
    await alterClusterBy(sql, beforeAppend, [['a'], ['b']]);
    expect(action(await commit(tableDir('k1'), 4), 'domainMetadata')).toMatchObject({
      configuration: '{"clusteringColumns":[["a"],["b"]]}',
    });
    expect(await rows('SELECT count(*) FROM k1')).toEqual([[2n]]);
  });
});

describe('DataFrameWriterV2.clusterBy', () => {
  it('creates a clustered table from a DataFrame', async () => {
    await (await lake.sql('SELECT 1 AS a, "x" AS b')).writeTo('v1').clusterBy('b').create();
    expect((await detail('v1')).clusteringColumns).toEqual(['b']);
    expect(await rows('SELECT * FROM v1')).toEqual([[1, 'x']]);
  });
});

describe('DeltaTableBuilder.clusterBy', () => {
  it('creates a clustered table; with partitionedBy it is refused as delta-spark refuses it', async () => {
    await DeltaTable.create(lake)
      .tableName('b1')
      .addColumn('id', 'BIGINT')
      .addColumn('s', 'STRUCT<x: INT>')
      .clusterBy('id', 's.x')
      .execute();
    expect((await detail('b1')).clusteringColumns).toEqual(['id', 's.x']);
    await DeltaTable.createOrReplace(lake)
      .tableName('b1')
      .addColumn('id', 'BIGINT')
      .clusterBy(['id'])
      .execute();
    expect((await detail('b1')).clusteringColumns).toEqual(['id']);
    expect(() =>
      DeltaTable.create(lake).tableName('b2').addColumn('id', 'INT').partitionedBy('id').clusterBy('id'),
    ).toThrow(expect.objectContaining({ errorClass: 'DELTA_CLUSTER_BY_WITH_PARTITIONED_BY' }));
  });
});
