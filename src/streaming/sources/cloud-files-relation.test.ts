/**
 * Auto Loader (format('cloudFiles')): exactly-once over restarts, schema inference and hints, the stored
 * schema reused, the addNewColumns stop and restart, rescue, and refused options.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../api/dataframe/dataframe.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';
import { globFilter } from './cloud-files-relation.js';

const fx = useLakeSession('lakesql-autoloader-');

async function put(folder: string, name: string, body: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, name), body);
  await new Promise((r) => setTimeout(r, 15));
}

type Opts = Record<string, string | number | boolean>;

/** One availableNow run of an Auto Loader stream into foreachBatch; the rows of each batch. */
async function run(src: string, base: string, opts: Opts = {}) {
  const batches: Row[][] = [];
  let reader = fx.spark.readStream
    .format('cloudFiles')
    .option('cloudFiles.schemaLocation', path.join(base, 'schema'));
  for (const [k, v] of Object.entries({ 'cloudFiles.format': 'json', ...opts })) reader = reader.option(k, v);
  const df = reader.load(src);
  const q = await df.writeStream
    .option('checkpointLocation', path.join(base, 'cp'))
    .trigger({ availableNow: true })
    .foreachBatch(async (batch) => {
      batches.push(await batch.orderBy('id').collect());
    })
    .start();
  await q.awaitTermination();
  return { batches, dtypes: await df.dtypes(), q };
}

describe('readStream.format("cloudFiles")', () => {
  it('infers JSON columns as STRING with _rescued_data, stores _schemas/0, ingests each file once', async () => {
    const src = path.join(fx.dir, 'once/src');
    const base = path.join(fx.dir, 'once');
    await put(src, 'a.json', '{"id":1,"name":"x"}\n{"id":2,"name":"y"}\n');
    const first = await run(src, base);
    expect(first.dtypes).toEqual([
      ['id', 'string'],
      ['name', 'string'],
      ['_rescued_data', 'string'],
    ]);
    expect(first.batches).toEqual([
      [
        { id: '1', name: 'x', _rescued_data: null },
        { id: '2', name: 'y', _rescued_data: null },
      ],
    ]);
    const stored = (await readFile(path.join(base, 'schema/_schemas/0'), 'utf8')).split('\n');
    expect(stored[0]).toBe('v1');
    const entry = JSON.parse(stored[1]!) as { dataSchemaJson: string; partitionSchemaJson: string };
    expect(JSON.parse(entry.dataSchemaJson).fields.map((f: { name: string }) => f.name)).toEqual([
      'id',
      'name',
    ]);
    expect(JSON.parse(entry.partitionSchemaJson)).toEqual({ type: 'struct', fields: [] });

    // A restart reads only the new file, with the stored schema.
    await put(src, 'b.json', '{"id":3,"name":"z"}\n');
    const second = await run(src, base);
    expect(second.batches).toEqual([[{ id: '3', name: 'z', _rescued_data: null }]]);
    const third = await run(src, base);
    expect(third.batches).toEqual([]);
  });

  it('inferColumnTypes and schemaHints; the stored schema is reused, not re-inferred', async () => {
    const src = path.join(fx.dir, 'hints/src');
    const base = path.join(fx.dir, 'hints');
    await put(src, 'a.csv', 'id,score,tag\n1,2.5,a\n');
    const opts = {
      'cloudFiles.format': 'csv',
      header: true,
      'cloudFiles.inferColumnTypes': true,
      'cloudFiles.schemaHints': 'score STRING',
    };
    const first = await run(src, base, opts);
    expect(first.dtypes).toEqual([
      ['id', 'int'],
      ['score', 'string'],
      ['tag', 'string'],
      ['_rescued_data', 'string'],
    ]);
    expect(first.batches).toEqual([[{ id: 1, score: '2.5', tag: 'a', _rescued_data: null }]]);
    // A value that does not parse to the stored INT goes to _rescued_data.
    await put(src, 'b.csv', 'id,score,tag\nseven,3,b\n');
    const second = await run(src, base, opts);
    expect(second.batches).toHaveLength(1);
    const row = second.batches[0]![0]!;
    expect(row).toMatchObject({ id: null, score: '3', tag: 'b' });
    expect(JSON.parse(row._rescued_data as string)).toMatchObject({ id: 'seven' });
  });

  it('addNewColumns: stops on a new column after storing _schemas/1; the restart reads it', async () => {
    const src = path.join(fx.dir, 'evolve/src');
    const base = path.join(fx.dir, 'evolve');
    await put(src, 'a.json', '{"id":1}\n');
    expect((await run(src, base)).batches).toEqual([[{ id: '1', _rescued_data: null }]]);
    await put(src, 'b.json', '{"id":2,"extra":"e"}\n');
    await expect(run(src, base)).rejects.toMatchObject({
      errorClass: 'UNKNOWN_FIELD_EXCEPTION.NEW_FIELDS_IN_FILE',
    });
    const v1 = (await readFile(path.join(base, 'schema/_schemas/1'), 'utf8')).split('\n');
    expect(JSON.parse(JSON.parse(v1[1]!).dataSchemaJson).fields.map((f: { name: string }) => f.name)).toEqual(
      ['id', 'extra'],
    );
    const restarted = await run(src, base);
    expect(restarted.batches).toEqual([[{ id: '2', extra: 'e', _rescued_data: null }]]);
  });

  it('rescue: new columns go to _rescued_data; failOnNewColumns stops without evolving; none drops them', async () => {
    const only = path.join(fx.dir, 'rescue/src2');
    await put(only, 'a.json', '{"id":1}\n');
    const base = path.join(fx.dir, 'rescue/r2');
    await run(only, base, { 'cloudFiles.schemaEvolutionMode': 'rescue' });
    await put(only, 'b.json', '{"id":2,"extra":"e"}\n');
    const later = await run(only, base, { 'cloudFiles.schemaEvolutionMode': 'rescue' });
    const row = later.batches[0]![0]!;
    expect(row.id).toBe('2');
    expect(JSON.parse(row._rescued_data as string)).toMatchObject({ extra: 'e' });

    const failBase = path.join(fx.dir, 'rescue/f');
    const fail = path.join(fx.dir, 'rescue/src3');
    await put(fail, 'a.json', '{"id":1}\n');
    await run(fail, failBase, { 'cloudFiles.schemaEvolutionMode': 'failOnNewColumns' });
    await put(fail, 'b.json', '{"id":2,"extra":"e"}\n');
    await expect(
      run(fail, failBase, { 'cloudFiles.schemaEvolutionMode': 'failOnNewColumns' }),
    ).rejects.toMatchObject({ errorClass: 'UNKNOWN_FIELD_EXCEPTION.NEW_FIELDS_IN_FILE' });
    await expect(readFile(path.join(failBase, 'schema/_schemas/1'))).rejects.toThrow();

    const noneBase = path.join(fx.dir, 'rescue/n');
    const none = path.join(fx.dir, 'rescue/src4');
    await put(none, 'a.json', '{"id":1}\n');
    await run(none, noneBase, { 'cloudFiles.schemaEvolutionMode': 'none' });
    await put(none, 'b.json', '{"id":2,"extra":"e"}\n');
    expect((await run(none, noneBase, { 'cloudFiles.schemaEvolutionMode': 'none' })).batches).toEqual([
      [{ id: '2' }],
    ]);
  });

  it('maxFilesPerTrigger, includeExistingFiles=false and pathGlobFilter', async () => {
    const src = path.join(fx.dir, 'limits/src');
    await put(src, 'a.json', '{"id":1}\n');
    await put(src, 'b.json', '{"id":2}\n');
    await put(src, 'c.txt', '{"id":3}\n');
    const limited = await run(src, path.join(fx.dir, 'limits/m'), {
      'cloudFiles.maxFilesPerTrigger': 1,
      pathGlobFilter: '*.json',
    });
    expect(limited.batches.map((b) => b.map((r) => r.id))).toEqual([['1'], ['2']]);

    const base = path.join(fx.dir, 'limits/x');
    const skipped = await run(src, base, {
      'cloudFiles.includeExistingFiles': false,
      pathGlobFilter: '*.json',
    });
    expect(skipped.batches).toEqual([]);
    await put(src, 'd.json', '{"id":4}\n');
    const next = await run(src, base, { 'cloudFiles.includeExistingFiles': false, pathGlobFilter: '*.json' });
    expect(next.batches.map((b) => b.map((r) => r.id))).toEqual([['4']]);
  });

  it('reads parquet from dbfs: paths into a Delta sink, schema and checkpoint on dbfs too', async () => {
    await fx.spark
      .createDataFrame([{ id: 1, v: 'a' }], 'id int, v string')
      .write.parquet(path.join(fx.dir, 'dbfs/landing/p'));
    const start = async () => {
      const q = await fx.spark.readStream
        .format('cloudFiles')
        .option('cloudFiles.format', 'parquet')
        .option('cloudFiles.schemaLocation', 'dbfs:/loader/schema')
        .load('dbfs:/landing/p')
        .writeStream.option('checkpointLocation', 'dbfs:/loader/cp')
        .trigger({ once: true })
        .start('dbfs:/tables/bronze');
      await q.awaitTermination();
    };
    await start();
    await start();
    const bronze = await fx.spark.read.format('delta').load('dbfs:/tables/bronze');
    expect(await bronze.dtypes()).toEqual([
      ['id', 'int'],
      ['v', 'string'],
    ]);
    expect(await bronze.collect()).toEqual([{ id: 1, v: 'a' }]);
    expect(await readFile(path.join(fx.dir, 'dbfs/loader/schema/_schemas/0'), 'utf8')).toMatch(/^v1\n/);
  });

  it('keeps a nested JSON object as its JSON text when types are not inferred', async () => {
    const src = path.join(fx.dir, 'nested/src');
    await put(src, 'a.json', '{"id":1,"o":{"k":2}}\n');
    const { batches, dtypes } = await run(src, path.join(fx.dir, 'nested'));
    expect(dtypes.map(([n, t]) => `${n} ${t}`)).toEqual(['id string', 'o string', '_rescued_data string']);
    expect(batches[0]![0]).toMatchObject({ id: '1' });
    expect(JSON.parse(batches[0]![0]!.o as string)).toEqual({ k: 2 });
  });

  it('text files into the memory sink under a processingTime trigger', async () => {
    const src = path.join(fx.dir, 'text/src');
    await put(src, 'a.txt', 'hello\nworld\n');
    const q = await fx.spark.readStream
      .format('cloudFiles')
      .option('cloudFiles.format', 'text')
      .load(src)
      .writeStream.format('memory')
      .queryName('loaded_text')
      .option('checkpointLocation', path.join(fx.dir, 'text/cp'))
      .trigger({ processingTime: '50 milliseconds' })
      .start();
    try {
      await q.processAllAvailable();
      const rows = await (await fx.spark.sql('SELECT value FROM loaded_text ORDER BY value')).collect();
      expect(rows).toEqual([{ value: 'hello' }, { value: 'world' }]);
    } finally {
      await q.stop();
    }
  });

  it('refuses cloudFiles options it does not implement at start()', async () => {
    const src = path.join(fx.dir, 'refuse/src');
    await put(src, 'a.json', '{"id":1}\n');
    await expect(
      run(src, path.join(fx.dir, 'refuse'), { 'cloudFiles.useNotifications': true }),
    ).rejects.toThrow(/cloudfiles.usenotifications/);
    await expect(
      run(src, path.join(fx.dir, 'refuse2'), { 'cloudFiles.inferColumnTypes': 'yes' }),
    ).rejects.toThrow(/cloudfiles.infercolumntypes "yes"/);
    await expect(run(src, path.join(fx.dir, 'refuse3'), { 'cloudFiles.format': 'avro' })).rejects.toThrow(
      /cloudFiles.format "avro"/,
    );
    const empty = path.join(fx.dir, 'refuse/empty');
    await mkdir(empty, { recursive: true });
    await expect(run(empty, path.join(fx.dir, 'refuse4'))).rejects.toMatchObject({
      errorClass: 'CF_EMPTY_DIR_FOR_SCHEMA_INFERENCE',
    });
  });

  it('cloudFiles.format orc: typed columns from the files, each file once (the seeds stream ORC folders)', async () => {
    const src = path.join(fx.dir, 'orc/src');
    const base = path.join(fx.dir, 'orc');
    await fx.spark
      .createDataFrame(
        [
          [1, 'x'],
          [2, 'y'],
        ],
        'id int, name string',
      )
      .write.format('orc')
      .mode('append')
      .save(src);
    const first = await run(src, base, { 'cloudFiles.format': 'orc' });
    expect(first.dtypes).toEqual([
      ['id', 'int'],
      ['name', 'string'],
    ]);
    expect(first.batches).toEqual([
      [
        { id: 1, name: 'x' },
        { id: 2, name: 'y' },
      ],
    ]);
    await fx.spark
      .createDataFrame([[3, 'z']], 'id int, name string')
      .write.format('orc')
      .mode('append')
      .save(src);
    expect((await run(src, base, { 'cloudFiles.format': 'orc' })).batches).toEqual([[{ id: 3, name: 'z' }]]);
  });

  it('cloudFiles.format binaryFile: path, modificationTime, length and content of each new file', async () => {
    const src = path.join(fx.dir, 'blobs/src');
    const base = path.join(fx.dir, 'blobs');
    await put(src, 'a.bin', 'abc');
    const batches: Row[][] = [];
    const df = fx.spark.readStream.format('cloudFiles').option('cloudFiles.format', 'binaryFile').load(src);
    expect(await df.dtypes()).toEqual([
      ['path', 'string'],
      ['modificationTime', 'timestamp'],
      ['length', 'bigint'],
      ['content', 'binary'],
    ]);
    const once = async () => {
      const q = await df.writeStream
        .option('checkpointLocation', path.join(base, 'cp'))
        .trigger({ availableNow: true })
        .foreachBatch(async (batch) => {
          batches.push(await batch.select('path', 'length', 'content').collect());
        })
        .start();
      await q.awaitTermination();
    };
    await once();
    await put(src, 'b.bin', 'hello');
    await once();
    expect(
      batches.map((b) =>
        b.map((r) => [
          String(r.path).split('/').pop(),
          r.length,
          Buffer.from(r.content as Uint8Array).toString(),
        ]),
      ),
    ).toEqual([[['a.bin', 3n, 'abc']], [['b.bin', 5n, 'hello']]]);
  });

  it('Hive-style folders below the source become partition columns, kept in _schemas', async () => {
    const src = path.join(fx.dir, 'parts/src');
    const base = path.join(fx.dir, 'parts');
    await put(path.join(src, 'date=2024-01-01'), 'a.json', '{"id":1}\n');
    await put(path.join(src, 'date=2024-01-02'), 'b.json', '{"id":2}\n');
    const first = await run(src, base);
    expect(first.dtypes).toEqual([
      ['id', 'string'],
      ['date', 'string'],
      ['_rescued_data', 'string'],
    ]);
    expect(first.batches).toEqual([
      [
        { id: '1', date: '2024-01-01', _rescued_data: null },
        { id: '2', date: '2024-01-02', _rescued_data: null },
      ],
    ]);
    const stored = JSON.parse((await readFile(path.join(base, 'schema/_schemas/0'), 'utf8')).split('\n')[1]!);
    expect(JSON.parse(stored.partitionSchemaJson).fields.map((f: { name: string }) => f.name)).toEqual([
      'date',
    ]);
    await put(path.join(src, 'date=2024-01-03'), 'c.json', '{"id":3}\n');
    expect((await run(src, base)).batches).toEqual([[{ id: '3', date: '2024-01-03', _rescued_data: null }]]);

    // cloudFiles.partitionColumns names them (typed by inferColumnTypes), or "" reads none.
    const typed = await run(src, path.join(fx.dir, 'parts-typed'), {
      'cloudFiles.partitionColumns': 'date',
      'cloudFiles.inferColumnTypes': true,
    });
    expect(typed.dtypes).toEqual([
      ['id', 'bigint'],
      ['date', 'date'],
      ['_rescued_data', 'string'],
    ]);
    const none = await run(src, path.join(fx.dir, 'parts-none'), { 'cloudFiles.partitionColumns': '' });
    expect(none.dtypes.map(([n]) => n)).toEqual(['id', '_rescued_data']);
    expect(none.batches.flat().map((r) => r.id)).toEqual(['1', '2', '3']);
  });

  it('cloudFiles.allowOverwrites: a rewritten file is ingested again; without it, never twice', async () => {
    const src = path.join(fx.dir, 'over/src');
    await put(src, 'a.json', '{"id":1}\n');
    const strict = path.join(fx.dir, 'over-strict');
    const loose = path.join(fx.dir, 'over-loose');
    const allow = { 'cloudFiles.allowOverwrites': true };
    expect((await run(src, strict)).batches).toEqual([[{ id: '1', _rescued_data: null }]]);
    expect((await run(src, loose, allow)).batches).toEqual([[{ id: '1', _rescued_data: null }]]);
    await new Promise((r) => setTimeout(r, 30));
    await put(src, 'a.json', '{"id":2}\n');
    expect((await run(src, strict)).batches).toEqual([]);
    expect((await run(src, loose, allow)).batches).toEqual([[{ id: '2', _rescued_data: null }]]);
    expect((await run(src, loose, allow)).batches).toEqual([]);
  });

  it('pathGlobFilter matches file names with *, ?, [..] and {a,b}', () => {
    const names = ['a.json', 'b.csv', 'part-1.json', 'part-x.json'];
    const match = (glob: string) =>
      names.filter((n) =>
        globFilter(glob)({ url: `file:///d/${n}`, localPath: `/d/${n}`, timestamp: 0, size: 0 }),
      );
    expect(match('*.json')).toEqual(['a.json', 'part-1.json', 'part-x.json']);
    expect(match('part-[0-9].json')).toEqual(['part-1.json']);
    expect(match('?.{csv,json}')).toEqual(['a.json', 'b.csv']);
  });
});
