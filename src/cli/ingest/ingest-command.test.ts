/**
 * `lakesql ingest`: appends or MERGE upserts into a table it creates on the first run, each file once across
 * runs (the checkpoint beside the table), with a JSON progress line per batch off a terminal; and the real
 * command, stopped by Ctrl-C after its running batch.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';
import { LocalObjectStore } from '../../storage/local-store.js';
import { LAKESQL_COMMAND } from '../testing/cli-process.js';
import { ingestCommand } from './ingest-command.js';
import type { IngestRequest } from './ingest-options.js';

const fx = useLakeSession('lakesql-ingest-');

async function dataFile(folder: string, name: string, body: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, name), body);
  // Files a batch reads are ordered (and deduplicated) by modification time.
  await new Promise((r) => setTimeout(r, 20));
}

function progressSink() {
  const lines: string[] = [];
  return { stream: { isTTY: false, write: (t: string) => lines.push(t) }, lines };
}

const run = (req: Partial<IngestRequest> & Pick<IngestRequest, 'from' | 'format' | 'into'>) => {
  const progress = progressSink();
  const summary = ingestCommand(
    { options: {}, mergeOn: [], trigger: { availableNow: true }, ...req },
    { warehouse: path.join(fx.dir, 'warehouse') },
    { progress: progress.stream },
  );
  return summary.then((s) => ({ summary: s, progress: progress.lines.map((l) => JSON.parse(l)) }));
};

const rows = async (table: string) => (await fx.spark.sql(`SELECT * FROM ${table} ORDER BY id`)).collect();

describe('lakesql ingest', () => {
  it('creates the table, appends each new file once across runs, and reports each batch', async () => {
    const src = path.join(fx.dir, 'append');
    await dataFile(src, 'a.json', '{"id":1,"name":"a"}\n{"id":2,"name":"b"}\n');
    await dataFile(src, 'b.json', '{"id":3,"name":"c"}\n');
    const first = await run({
      from: src,
      format: 'json',
      into: 'events',
      options: { maxFilesPerTrigger: '1' },
    });
    expect(first.summary).toMatchObject({ table: 'events', mode: 'append', batches: 2, files: 2, rows: 3 });
    expect(first.progress.map((p) => [p.batchId, p.files, p.rows])).toEqual([
      [0, 1, 2],
      [1, 1, 1],
    ]);
    expect(first.progress[1].total).toMatchObject({ batches: 2, files: 2, rows: 3 });
    const detail = await (await fx.spark.sql('DESCRIBE DETAIL events')).collect();
    const location = new URL(String(detail[0]!.location)).pathname;
    expect(first.summary.checkpoint).toBe(
      path.join(path.dirname(location), '_checkpoints', path.basename(location)),
    );
    expect(await readdir(first.summary.checkpoint)).toContain('status.json');
    expect(await rows('events')).toEqual([
      { id: 1n, name: 'a' },
      { id: 2n, name: 'b' },
      { id: 3n, name: 'c' },
    ]);
    await dataFile(src, 'c.json', '{"id":4,"name":"d"}\n');
    const second = await run({ from: src, format: 'json', into: 'events' });
    expect(second.summary).toMatchObject({ batches: 1, files: 1, rows: 1 });
    const third = await run({ from: src, format: 'json', into: 'events' });
    expect(third.summary).toMatchObject({ batches: 0, files: 0, rows: 0 });
    expect((await rows('events')).map((r) => r.id)).toEqual([1n, 2n, 3n, 4n]);
  });

  it('upserts with MERGE on the keys, keeping the row of the latest file within a batch', async () => {
    const src = path.join(fx.dir, 'merge');
    const checkpoint = path.join(fx.dir, 'merge-cp');
    const opts = { header: 'true' };
    await dataFile(src, 'a.csv', 'id,name\n1,a\n2,b\n');
    await dataFile(src, 'b.csv', 'id,name\n1,c\n');
    const req = {
      from: src,
      format: 'csv' as const,
      schema: 'id int, name string',
      options: opts,
      into: 'people',
      mergeOn: ['id'],
      checkpoint,
    };
    const first = await run(req);
    expect(first.summary).toMatchObject({ mode: 'merge', batches: 1, files: 2, rows: 3, checkpoint });
    expect(await rows('people')).toEqual([
      { id: 1, name: 'c' },
      { id: 2, name: 'b' },
    ]);
    await dataFile(src, 'c.csv', 'id,name\n2,z\n3,q\n');
    await run(req);
    expect(await rows('people')).toEqual([
      { id: 1, name: 'c' },
      { id: 2, name: 'z' },
      { id: 3, name: 'q' },
    ]);
  });

  it('reads each file of a merge batch once: one read counts the rows and feeds the MERGE', async () => {
    const src = path.join(fx.dir, 'merge-once');
    await dataFile(src, 'a.json', '{"id":1,"name":"a"}\n{"id":2,"name":"b"}\n');
    await dataFile(src, 'b.json', '{"id":1,"name":"c"}\n');
    const reads = new Map<string, number>();
    const get = LocalObjectStore.prototype.get;
    vi.spyOn(LocalObjectStore.prototype, 'get').mockImplementation(async function (
      this: LocalObjectStore,
      key,
    ) {
      const file = this.localPath(key);
      if (file.startsWith(`${src}${path.sep}`))
        reads.set(path.basename(file), (reads.get(path.basename(file)) ?? 0) + 1);
      return get.call(this, key);
    });
    const req = {
      from: src,
      format: 'json',
      schema: 'id bigint, name string',
      into: 'merged_once',
      mergeOn: ['id'],
    } as const;
    try {
      const first = await run(req);
      expect(first.summary).toMatchObject({ mode: 'merge', batches: 1, files: 2, rows: 3 });
    } finally {
      vi.restoreAllMocks();
    }
    expect(Object.fromEntries(reads)).toEqual({ 'a.json': 1, 'b.json': 1 });
    expect(await rows('merged_once')).toEqual([
      { id: 1n, name: 'c' },
      { id: 2n, name: 'b' },
    ]);
  });

  it('appends through Auto Loader, creating the table from the files and keeping its schema in the checkpoint', async () => {
    const src = path.join(fx.dir, 'loader');
    await dataFile(src, 'a.json', '{"id":1,"name":"a"}\n');
    const options = { 'cloudFiles.format': 'json' };
    const first = await run({
      from: src,
      format: 'cloudFiles',
      schema: 'id bigint, name string',
      options,
      into: 'loaded',
    });
    expect(first.summary).toMatchObject({ batches: 1, files: 1, rows: 1 });
    await dataFile(src, 'b.json', '{"id":2,"name":"b"}\n');
    const checkpoint = path.join(fx.dir, 'loader-cp');
    const second = await run({ from: src, format: 'cloudFiles', options, into: 'loaded', checkpoint });
    expect(second.summary).toMatchObject({ batches: 1, files: 2, rows: 2 });
    expect(await readdir(checkpoint)).toContain('_schemas');
    expect((await rows('loaded')).map((r) => r.id)).toEqual([1n, 1n, 2n]);
  });

  it('upserts through Auto Loader with --merge-on, the latest file winning, each file once across runs', async () => {
    const src = path.join(fx.dir, 'loader-merge');
    await dataFile(src, 'a.json', '{"id":1,"name":"a"}\n{"id":2,"name":"b"}\n');
    await dataFile(src, 'b.json', '{"id":2,"name":"b2"}\n{"id":3,"name":"c"}\n');
    // rescue: a later file's new field lands in _rescued_data rather than stopping the stream.
    const options = { 'cloudFiles.format': 'json', 'cloudFiles.schemaEvolutionMode': 'rescue' };
    const req = { from: src, format: 'cloudFiles', into: 'loaded_keyed', mergeOn: ['id'], options } as const;
    const first = await run(req);
    expect(first.summary).toMatchObject({ mode: 'merge', batches: 1, files: 2, rows: 4 });
    expect(await rows('loaded_keyed')).toEqual([
      { id: 1n, name: 'a', _rescued_data: null },
      { id: 2n, name: 'b2', _rescued_data: null },
      { id: 3n, name: 'c', _rescued_data: null },
    ]);
    await dataFile(src, 'c.json', '{"id":1,"name":"a2","extra":true}\n');
    const second = await run(req);
    expect(second.summary).toMatchObject({ batches: 1, files: 1, rows: 1 });
    const after = await rows('loaded_keyed');
    expect(after.map((r) => r.name)).toEqual(['a2', 'b2', 'c']);
    expect(JSON.parse(String(after[0]!._rescued_data))).toHaveProperty('extra');
  });

  it('refuses a merge key that is not a column', async () => {
    const src = path.join(fx.dir, 'refuse');
    await dataFile(src, 'a.json', '{"id":1}\n');
    await expect(
      run({ from: src, format: 'json', into: 'keyed', mergeOn: ['missing'] }),
    ).rejects.toMatchObject({
      errorClass: expect.stringMatching(/^UNRESOLVED_COLUMN/),
    });
  });

  it('the lakesql command stops after the running batch on Ctrl-C and prints its totals', async () => {
    const src = path.join(fx.dir, 'sigint');
    await dataFile(src, 'a.json', '{"id":1}\n');
    const [command, ...prefix] = LAKESQL_COMMAND;
    const child = spawn(
      command!,
      [
        ...prefix,
        'ingest',
        '--from',
        src,
        '--format',
        'json',
        '--into',
        'ticks',
        '--trigger',
        '1 second',
        '--warehouse',
        path.join(fx.dir, 'warehouse'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    const firstBatch = new Promise<void>((resolve) =>
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        stderr += d;
        if (stderr.includes('"batchId":0')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await firstBatch;
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ table: 'ticks', batches: 1, files: 1, rows: 1 });
    expect(stderr).toContain('stopping after the running batch');
  }, 60_000);
});
