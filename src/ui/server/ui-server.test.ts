import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { CatalogTree, TablePage } from './catalog-explorer.js';
import type { HistoryEntry } from './query-history.js';
import { TEST_TOKEN, useUiServer } from './testing/ui-server-fixture.js';

const fx = useUiServer('lakesql-ui-api-');

interface RunAnswer {
  ok: boolean;
  statements: {
    index: number;
    range: { from: number; to: number; line: number; column: number };
    columns?: { name: string; type: string; nullable: boolean; numeric: boolean; nested: boolean }[];
    rows?: (string | null)[][];
    error?: { errorClass: string; sqlState: string; message: string; position: Record<string, number> };
    cancelled?: boolean;
  }[];
}

/** The frames of one run over the socket until its `end`: JSON messages, and binary frames decoded. */
function collectRun(
  ws: WebSocket,
  id: string,
): Promise<{ messages: Record<string, unknown>[]; rows: unknown[][] }> {
  const messages: Record<string, unknown>[] = [];
  const rows: unknown[][] = [];
  return new Promise((resolve) => {
    const onMessage = (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        for (const row of tableFromIPC(new Uint8Array(data))) rows.push(Object.values(row.toJSON()));
        return;
      }
      const m = JSON.parse(data.toString()) as Record<string, unknown>;
      if (m.id !== id) return;
      messages.push(m);
      if (m.type === 'end') {
        ws.off('message', onMessage);
        resolve({ messages, rows });
      }
    };
    ws.on('message', onMessage);
  });
}

describe('lakesql ui server: access', () => {
  it('refuses /api/* without the token or with a wrong one (401)', async () => {
    expect((await fetch(`${fx.base}/api/catalog`)).status).toBe(401);
    const wrong = await fetch(`${fx.base}/api/catalog`, { headers: { 'x-lakesql-token': 'nope' } });
    expect(wrong.status).toBe(401);
    expect((await fetch(`${fx.base}/api/catalog?token=${TEST_TOKEN}`)).status).toBe(200);
    const cookie = await fetch(`${fx.base}/api/history`, {
      headers: { cookie: `lakesql_ui_token=${TEST_TOKEN}` },
    });
    expect(cookie.status).toBe(200);
  });

  it('refuses cross-origin requests and foreign Host names (403), even with the token', async () => {
    const headers = { 'x-lakesql-token': TEST_TOKEN };
    const crossOrigin = await fetch(`${fx.base}/api/catalog`, {
      headers: { ...headers, origin: 'http://evil.example' },
    });
    expect(crossOrigin.status).toBe(403);
    const ownOrigin = await fetch(`${fx.base}/api/catalog`, { headers: { ...headers, origin: fx.base } });
    expect(ownOrigin.status).toBe(200);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      request(
        `${fx.base}/api/catalog`,
        { headers: { ...headers, host: `evil.example:${fx.server.port}` } },
        (res) => resolve(res.statusCode ?? 0),
      ).end();
    });
    expect(status).toBe(403);
  });

  it('refuses the WebSocket without the token (401)', async () => {
    const { default: WebSocketClient } = await import('ws');
    const ws = new WebSocketClient(`ws://127.0.0.1:${fx.server.port}/api/ws`);
    const status = await new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });
});

describe('lakesql ui server: statements', () => {
  it('runs several statements in order; BIGINT and DECIMAL stay exact, NULL is null', async () => {
    const answer = await fx.api<RunAnswer>('/api/run', {
      sql: `CREATE TABLE ui_people (id BIGINT NOT NULL COMMENT 'the key', name STRING, balance DECIMAL(38, 2)) USING delta;
INSERT INTO ui_people VALUES (9223372036854775807, 'ann', 12345678901234567890123456789.99), (2, NULL, NULL);
SELECT * FROM ui_people ORDER BY id`,
    });
    expect(answer.ok).toBe(true);
    expect(answer.statements.map((s) => s.range.line)).toEqual([1, 2, 3]);
    const select = answer.statements[2]!;
    expect(select.columns).toEqual([
      { name: 'id', type: 'bigint', nullable: false, numeric: true, nested: false },
      { name: 'name', type: 'string', nullable: true, numeric: false, nested: false },
      { name: 'balance', type: 'decimal(38,2)', nullable: true, numeric: true, nested: false },
    ]);
    expect(select.rows).toEqual([
      ['2', null, null],
      ['9223372036854775807', 'ann', '12345678901234567890123456789.99'],
    ]);
  });

  it('gives an error its class, SQLSTATE and position; statements after it do not run', async () => {
    const sql = 'SELECT 1;\nSELECT * FRM ui_people;\nSELECT 3';
    const answer = await fx.api<RunAnswer>('/api/run', { sql });
    expect(answer.ok).toBe(false);
    expect(answer.statements).toHaveLength(2);
    const error = answer.statements[1]!.error!;
    expect(error).toMatchObject({ errorClass: 'PARSE_SYNTAX_ERROR', sqlState: '42601' });
    expect(error.position).toMatchObject({ line: 2, column: 13 });
    // The caret sits on the token the parser stopped at.
    expect(error.position.from).toBe(sql.indexOf('ui_people'));
  });

  it('an analysis error points at its statement', async () => {
    const sql = 'SELECT 1;\nSELECT * FROM no_such_table';
    const error = (await fx.api<RunAnswer>('/api/run', { sql })).statements[1]!.error!;
    expect(error).toMatchObject({ errorClass: 'TABLE_OR_VIEW_NOT_FOUND', sqlState: '42P01' });
    expect(error.position).toEqual({ from: 10, to: sql.length, line: 2, column: 0 });
  });

  it('streams a result over the WebSocket as Arrow IPC batches of display texts', async () => {
    const ws = await fx.socket();
    try {
      const done = collectRun(ws, 'r1');
      ws.send(JSON.stringify({ type: 'run', id: 'r1', sql: 'SELECT id, id * 2 AS twice FROM range(12000)' }));
      const { messages, rows } = await done;
      expect(messages.map((m) => m.type)).toEqual(['statement', 'result', 'end']);
      expect(messages[1]).toMatchObject({ rowCount: 12000, batches: 3 });
      expect(rows).toHaveLength(12000);
      expect(rows[11999]).toEqual(['11999', '23998']);
    } finally {
      ws.close();
    }
  });

  it('cancels a long statement; the session stays usable', async () => {
    const ws = await fx.socket();
    try {
      const done = collectRun(ws, 'long');
      ws.send(
        JSON.stringify({ type: 'run', id: 'long', sql: 'SELECT sum(id % 7) FROM range(100000000000)' }),
      );
      await new Promise((r) => setTimeout(r, 300));
      ws.send(JSON.stringify({ type: 'cancel', id: 'long' }));
      const { messages } = await done;
      expect(messages.map((m) => m.type)).toEqual(['statement', 'cancelled', 'end']);
      expect(messages.at(-1)).toMatchObject({ ok: false });
      expect((await fx.api<RunAnswer>('/api/run', { sql: 'SELECT 41 + 1' })).statements[0]!.rows).toEqual([
        ['42'],
      ]);
    } finally {
      ws.close();
    }
  });
});

describe('lakesql ui server: catalog, completion, history', () => {
  it('completes tables and columns at the cursor', async () => {
    const text = 'SELECT * FROM ui_pe';
    const tables = await fx.api<{ from: number; candidates: string[] }>('/api/complete', {
      text,
      cursor: text.length,
    });
    expect(tables).toEqual({ from: 14, candidates: ['ui_people'] });
    const columns = await fx.api<{ from: number; candidates: string[] }>('/api/complete', {
      text: 'SELECT ui_people.ba FROM ui_people',
      cursor: 19,
    });
    expect(columns).toEqual({ from: 7, candidates: ['ui_people.balance'] });
  });

  it('lists databases, tables and views', async () => {
    await fx.api('/api/run', {
      sql: 'CREATE VIEW ui_view AS SELECT 1 AS one; CREATE TEMP VIEW ui_temp AS SELECT 2',
    });
    const tree = await fx.api<CatalogTree>('/api/catalog');
    expect(tree).toEqual({
      currentDatabase: 'default',
      databases: [
        {
          name: 'default',
          tables: [
            { name: 'ui_people', kind: 'table' },
            { name: 'ui_view', kind: 'view' },
          ],
        },
      ],
      tempViews: ['ui_temp'],
    });
  });

  it("gives a table's columns, detail, SHOW CREATE TABLE, history and sample", async () => {
    const page = await fx.api<TablePage>('/api/table?db=default&name=ui_people');
    expect(page.columns).toEqual([
      { name: 'id', type: 'bigint', nullable: false, comment: 'the key' },
      { name: 'name', type: 'string', nullable: true },
      { name: 'balance', type: 'decimal(38,2)', nullable: true },
    ]);
    if (!('rows' in page.history) || !('rows' in page.detail) || !('rows' in page.sample))
      throw new Error('a part failed');
    const history = page.history;
    const operation = history.columns.findIndex((c) => c.name === 'operation');
    expect(history.rows.map((r) => r[operation])).toEqual(['WRITE', 'CREATE TABLE']);
    expect(page.detail.columns.map((c) => c.name)).toContain('numFiles');
    expect(page.sample.rows).toHaveLength(2);
    if (!('rows' in page.createStatement)) throw new Error('SHOW CREATE TABLE failed');
    expect(page.createStatement.rows[0]![0]).toContain('CREATE TABLE');
    const view = await fx.api<TablePage>('/api/table?db=default&name=ui_view');
    expect(view.detail).toMatchObject({ error: { errorClass: expect.any(String) } });
  });

  it('keeps the query history in the warehouse, newest first', async () => {
    const history = await fx.api<HistoryEntry[]>('/api/history');
    expect(history[0]?.sql).toContain('CREATE VIEW ui_view');
    expect(history.find((h) => h.errorClass === 'TABLE_OR_VIEW_NOT_FOUND')).toMatchObject({ ok: false });
    expect(history.at(-1)?.sql).toContain('CREATE TABLE ui_people');
  });
});
