/**
 * A UI server in-process over a fresh temp warehouse per test file, with a known token; `api` calls the
 * JSON API with it, and `socket` opens the statements' WebSocket.
 */
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { type SqlSessionFixture, useSqlSession } from '../../../exec/session/testing/sql-session-fixture.js';
import { startUiServer, type UiServer } from '../ui-server.js';

export const TEST_TOKEN = 'test-token-0123456789';

export interface UiServerFixture {
  readonly sql: SqlSessionFixture;
  readonly server: UiServer;
  /** `http://127.0.0.1:PORT` */
  readonly base: string;
  api<T = unknown>(path: string, body?: unknown): Promise<T>;
  socket(): Promise<WebSocket>;
}

export function useUiServer(prefix: string, options: { webRoot?: string } = {}): UiServerFixture {
  const sql = useSqlSession(prefix);
  let server: UiServer | undefined;
  beforeAll(async () => {
    server = await startUiServer({ session: sql.session, token: TEST_TOKEN, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  const current = () => {
    if (!server) throw new Error('the UI server fixture is used outside a test');
    return server;
  };
  const base = () => `http://127.0.0.1:${current().port}`;
  return {
    sql,
    get server() {
      return current();
    },
    get base() {
      return base();
    },
    async api<T>(path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${base()}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-lakesql-token': TEST_TOKEN, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    socket() {
      const ws = new WebSocket(`ws://127.0.0.1:${current().port}/api/ws?token=${TEST_TOKEN}`);
      return new Promise((resolve, reject) => {
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    },
  };
}
