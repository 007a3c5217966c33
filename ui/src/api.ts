/**
 * The page's side of the server's API (src/ui/server/api-routes.ts, run-socket.ts). The token comes from
 * the address `lakesql ui` printed; the server also set it as a cookie, so it is sent both ways.
 */
import { tableFromIPC } from 'apache-arrow';

const token = new URLSearchParams(location.search).get('token') ?? '';

export interface TextRange {
  from: number;
  to: number;
  line: number;
  column: number;
}

export interface ErrorPayload {
  errorClass: string;
  sqlState: string;
  message: string;
  position: TextRange;
}

export interface Column {
  name: string;
  type: string;
  nullable: boolean;
  numeric: boolean;
}

export type Cell = string | null;

export interface ResultSet {
  index: number;
  columns: Column[];
  rows: Cell[][];
  elapsedMs: number;
}

export interface Section {
  columns?: Column[];
  rows?: Cell[][];
  error?: ErrorPayload;
}

export interface TablePage {
  name: string;
  columns:
    | { name: string; type: string; nullable: boolean; comment?: string; generation?: string }[]
    | { error: ErrorPayload };
  detail: Section;
  createStatement: Section;
  history: Section;
  sample: Section;
}

export interface CatalogTree {
  currentDatabase: string;
  databases: { name: string; tables: { name: string; kind: 'table' | 'view' }[] }[];
  tempViews: string[];
}

export interface HistoryEntry {
  at: string;
  sql: string;
  ok: boolean;
  elapsedMs: number;
  errorClass?: string;
}

export async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-lakesql-token': token, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** What a run reports as it goes. */
export interface RunHandlers {
  statement(index: number, range: TextRange): void;
  result(result: ResultSet): void;
  ok(index: number, elapsedMs: number): void;
  error(index: number, error: ErrorPayload): void;
  cancelled(index: number): void;
  end(ok: boolean, elapsedMs: number): void;
}

interface PendingResult {
  result: ResultSet;
  batches: number;
}

/** One WebSocket for the page's runs; a run's binary frames follow its `result` message. */
export class RunClient {
  #socket: Promise<WebSocket> | undefined;
  #handlers = new Map<string, RunHandlers>();
  #pending: { id: string; pending: PendingResult } | undefined;
  #next = 0;

  run(sql: string, handlers: RunHandlers): string {
    const id = `run-${++this.#next}`;
    this.#handlers.set(id, handlers);
    void this.#open().then((ws) => ws.send(JSON.stringify({ type: 'run', id, sql })));
    return id;
  }

  cancel(id: string): void {
    void this.#open().then((ws) => ws.send(JSON.stringify({ type: 'cancel', id })));
  }

  #open(): Promise<WebSocket> {
    this.#socket ??= new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/api/ws?token=${encodeURIComponent(token)}`);
      ws.binaryType = 'arraybuffer';
      ws.onopen = () => resolve(ws);
      ws.onerror = () => reject(new Error('the connection to lakesql ui failed'));
      ws.onclose = () => {
        this.#socket = undefined;
      };
      ws.onmessage = (event) => this.#receive(event.data as string | ArrayBuffer);
    });
    return this.#socket;
  }

  #receive(data: string | ArrayBuffer): void {
    if (typeof data !== 'string') {
      const current = this.#pending;
      if (!current) return;
      const table = tableFromIPC(new Uint8Array(data));
      const vectors = current.pending.result.columns.map((_, i) => table.getChildAt(i));
      for (let r = 0; r < table.numRows; r++) {
        current.pending.result.rows.push(vectors.map((v) => (v?.get(r) ?? null) as Cell));
      }
      if (--current.pending.batches === 0) this.#finishResult();
      return;
    }
    const m = JSON.parse(data) as Record<string, unknown> & { type: string; id: string; index: number };
    const handlers = this.#handlers.get(m.id);
    if (!handlers) return;
    switch (m.type) {
      case 'statement':
        handlers.statement(m.index, m.range as TextRange);
        break;
      case 'result': {
        const result: ResultSet = {
          index: m.index,
          columns: m.columns as Column[],
          rows: [],
          elapsedMs: m.elapsedMs as number,
        };
        this.#pending = { id: m.id, pending: { result, batches: m.batches as number } };
        if ((m.batches as number) === 0) this.#finishResult();
        break;
      }
      case 'ok':
        handlers.ok(m.index, m.elapsedMs as number);
        break;
      case 'error':
        handlers.error(m.index, m.error as ErrorPayload);
        break;
      case 'cancelled':
        handlers.cancelled(m.index);
        break;
      case 'end':
        this.#handlers.delete(m.id);
        handlers.end(m.ok as boolean, m.elapsedMs as number);
        break;
    }
  }

  #finishResult(): void {
    const current = this.#pending;
    this.#pending = undefined;
    if (current) this.#handlers.get(current.id)?.result(current.pending.result);
  }
}
