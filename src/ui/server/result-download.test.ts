/**
 * GET /api/download?format=parquet: the query's rows written by the engine as one Parquet file, streamed,
 * with Spark's types (exact BIGINT and DECIMAL, nested columns); a failing or non-query statement is a 400
 * with its error class; arrays, maps and structs also travel as trees over the WebSocket for the grid.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { TEST_TOKEN, useUiServer } from './testing/ui-server-fixture.js';

const fx = useUiServer('lakesql-ui-download-');

const QUERY = `SELECT 9223372036854775807 AS big, CAST(12345678901234567890.25 AS DECIMAL(38, 2)) AS money,
  array(1, NULL, 3) AS numbers, map('k', named_struct('x', 'a b', 'y', CAST(NULL AS INT))) AS nested,
  named_struct('when', DATE'2026-12-07', 'tags', array('p', 'q')) AS record`;

function download(sql: string): Promise<Response> {
  const query = new URLSearchParams({ format: 'parquet', sql, name: 'result 1.parquet' });
  return fetch(`${fx.base}/api/download?${query}`, { headers: { 'x-lakesql-token': TEST_TOKEN } });
}

describe('lakesql ui server: Parquet download', () => {
  it("streams the query's rows as a Parquet file with Spark's types", async () => {
    const res = await download(QUERY);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="result_1.parquet"');
    const file = path.join(fx.sql.dir, 'downloaded.parquet');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const read = await fx.api<{
      statements: { columns: { name: string; type: string }[]; rows: unknown[][] }[];
    }>('/api/run', { sql: `SELECT * FROM parquet.\`${file}\`` });
    const [result] = read.statements;
    expect(result?.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      'big bigint',
      'money decimal(38,2)',
      'numbers array<int>',
      'nested map<string,struct<x:string,y:int>>',
      'record struct<when:date,tags:array<string>>',
    ]);
    expect(result?.rows).toEqual([
      [
        '9223372036854775807',
        '12345678901234567890.25',
        '[1,null,3]',
        '{"k":{"x":"a b","y":null}}',
        '{"when":2026-12-07,"tags":["p","q"]}',
      ],
    ]);
  });

  it('answers 400 with the error class for a failing query or a statement that is not a query', async () => {
    const missing = await download('SELECT * FROM no_such_table');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { errorClass: 'TABLE_OR_VIEW_NOT_FOUND' } });
    const notQuery = await download('CREATE TABLE d_t (a INT) USING delta');
    expect(notQuery.status).toBe(400);
    expect(await notQuery.json()).toMatchObject({ error: { errorClass: 'UNSUPPORTED_FEATURE' } });
    expect(await fx.sql.rows("SHOW TABLES LIKE 'd_t'")).toEqual([]);
  });
});

describe('lakesql ui server: nested values', () => {
  it('sends arrays, maps and structs as trees beside their display texts', async () => {
    const ws = await fx.socket();
    const messages: Record<string, unknown>[] = [];
    const batches: Uint8Array[] = [];
    await new Promise<void>((resolve) => {
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return void batches.push(new Uint8Array(data));
        const m = JSON.parse(data.toString()) as Record<string, unknown>;
        messages.push(m);
        if (m.type === 'end') resolve();
      });
      ws.send(JSON.stringify({ type: 'run', id: 'n', sql: QUERY }));
    });
    ws.close();
    const result = messages.find((m) => m.type === 'result') as { columns: { nested: boolean }[] };
    expect(result.columns.map((c) => c.nested)).toEqual([false, false, true, true, true]);
    const table = tableFromIPC(batches[0]!);
    expect(table.schema.fields.map((f) => f.name)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 't2', 't3', 't4']);
    const tree = (name: string) => JSON.parse(String(table.getChild(name)?.get(0)));
    expect(tree('t2')).toEqual({ array: ['1', null, '3'] });
    expect(tree('t3')).toEqual({
      map: [
        [
          'k',
          {
            struct: [
              ['x', 'a b'],
              ['y', null],
            ],
          },
        ],
      ],
    });
    expect(tree('t4')).toEqual({
      struct: [
        ['when', '2026-12-07'],
        ['tags', { array: ['p', 'q'] }],
      ],
    });
  });
});
