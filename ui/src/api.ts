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
  /** An array, map or struct column, whose values also come as trees (NestedNode JSON) to unfold. */
  nested: boolean;
}

/** A nested value's tree (src/ui/server/nested-values.ts): leaves are display texts. */
export type NestedNode =
  | string
  | null
  | { array: NestedNode[] }
  | { map: [NestedNode, NestedNode][] }
  | { struct: [string, NestedNode][] };

export type Cell = string | null;

export interface ResultSet {
  index: number;
  columns: Column[];
  rows: Cell[][];
  /** For each nested column, its values' trees as JSON texts, row by row. */
  trees: Map<number, (string | null)[]>;
  elapsedMs: number;
  /** The statement that produced the result (a Parquet download runs it again on the server). */
  sql?: string;
}

/** A JSON answer's nested columns' trees (NestedNode JSON texts), by column index. */
export type TreesPayload = Record<string, (string | null)[]>;

export interface Section {
  columns?: Column[];
  rows?: Cell[][];
  trees?: TreesPayload;
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

export type VersionDiff =
  | {
      method: 'changeDataFeed' | 'fullComparison';
      note?: string;
      statement: string;
      columns: Column[];
      rows: Cell[][];
      trees: TreesPayload;
    }
  | { error: ErrorPayload };

export interface StreamBatch {
  batchId: number;
  timestamp: string;
  numInputRows: number;
  inputRowsPerSecond: number;
  processedRowsPerSecond: number;
  batchDuration: number;
}

export interface StreamSummary {
  id: string;
  name: string | null;
  checkpoint: string;
  state: 'active' | 'terminated' | 'failed' | 'stopped' | 'not started';
  pid: number | null;
  thisProcess: boolean;
  startedAt: string | null;
  updatedAt: string | null;
  batches: number;
  recentBatches: StreamBatch[];
  error: { errorClass: string | null; sqlState: string | null; message: string } | null;
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

export type MaintenanceAction =
  | { kind: 'optimize' }
  | { kind: 'vacuumDryRun'; retainHours?: number }
  | { kind: 'vacuum'; retainHours?: number }
  | { kind: 'check' };

export interface MaintenanceResult {
  statement: string;
  metrics: Record<string, string>;
  files?: string[];
  problems?: string[];
}

export type MaintenanceAnswer = { ok: true; result: MaintenanceResult } | { ok: false; error: ErrorPayload };

export interface MaintenanceHandlers {
  progress(phase: string, done: number, total: number): void;
  done(answer: MaintenanceAnswer): void;
}

/** One WebSocket for the page's runs; a run's binary frames follow its `result` message. */
export class RunClient {
  #socket: Promise<WebSocket> | undefined;
  #handlers = new Map<string, RunHandlers>();
  #maintenance = new Map<string, MaintenanceHandlers>();
  #pending: { id: string; pending: PendingResult } | undefined;
  #next = 0;

  run(sql: string, handlers: RunHandlers): string {
    const id = `run-${++this.#next}`;
    this.#handlers.set(id, handlers);
    void this.#open().then((ws) => ws.send(JSON.stringify({ type: 'run', id, sql })));
    return id;
  }

  /** Runs a table's maintenance; progress and the answer come back over the same socket. */
  maintain(
    table: { db?: string; name: string },
    action: MaintenanceAction,
    handlers: MaintenanceHandlers,
  ): void {
    const id = `maintain-${++this.#next}`;
    this.#maintenance.set(id, handlers);
    void this.#open().then((ws) => ws.send(JSON.stringify({ type: 'maintain', id, ...table, action })));
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
      for (const [i, trees] of current.pending.result.trees) {
        const vector = table.getChild(`t${i}`);
        for (let r = 0; r < table.numRows; r++) trees.push((vector?.get(r) ?? null) as string | null);
      }
      if (--current.pending.batches === 0) this.#finishResult();
      return;
    }
    const m = JSON.parse(data) as Record<string, unknown> & { type: string; id: string; index: number };
    const maintenance = this.#maintenance.get(m.id);
    if (maintenance) {
      if (m.type === 'progress') maintenance.progress(m.phase as string, m.done as number, m.total as number);
      if (m.type === 'maintained') {
        this.#maintenance.delete(m.id);
        maintenance.done(m.answer as MaintenanceAnswer);
      }
      return;
    }
    const handlers = this.#handlers.get(m.id);
    if (!handlers) return;
    switch (m.type) {
      case 'statement':
        handlers.statement(m.index, m.range as TextRange);
        break;
      case 'result': {
        const columns = m.columns as Column[];
        const result: ResultSet = {
          index: m.index,
          columns,
          rows: [],
          trees: new Map(columns.flatMap((c, i) => (c.nested ? [[i, []]] : []))),
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
