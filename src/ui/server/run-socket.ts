/**
 * The WebSocket a page runs statements over. The page sends `{type: "run", id, sql}` and
 * `{type: "cancel", id}`; the server answers, for each statement, `statement` (its place in the text),
 * then `result` (columns, row count, timing, and how many binary frames follow: the rows as Arrow IPC
 * streams, arrow-batches.ts), `ok` or `error`, and at the end of the run `end`. Frames of one run are never
 * interleaved with another's: runs take turns on the session.
 * `{type: "maintain", id, db?, name, action}` runs a table's maintenance (table-maintenance.ts): the server
 * answers `progress` messages as it goes and `maintained` with the answer at the end.
 */
import type { WebSocket } from 'ws';
import { arrowBatches, columnPayloads } from './arrow-batches.js';
import { appendHistory } from './query-history.js';
import type { RunEvent } from './statement-runner.js';
import { type MaintenanceAction, maintenanceAction, runMaintenance, tableName } from './table-maintenance.js';
import type { UiContext } from './ui-context.js';

type ClientMessage =
  | { readonly type: 'run'; readonly id: string; readonly sql: string }
  | { readonly type: 'cancel'; readonly id: string }
  | {
      readonly type: 'maintain';
      readonly id: string;
      readonly table: readonly string[];
      readonly action: MaintenanceAction;
    };

export function serveRunSocket(socket: WebSocket, context: UiContext): void {
  socket.on('message', (data, isBinary) => {
    const message = isBinary ? undefined : parseMessage(data.toString());
    if (message === undefined) {
      socket.close(1003, 'expected a JSON message of type run, cancel or maintain');
      return;
    }
    switch (message.type) {
      case 'run':
        void runOverSocket(socket, context, message.id, message.sql);
        return;
      case 'cancel':
        context.cancel(message.id);
        return;
      case 'maintain':
        void maintainOverSocket(socket, context, message);
        return;
      default:
        return message satisfies never;
    }
  });
}

async function runOverSocket(socket: WebSocket, context: UiContext, id: string, sql: string): Promise<void> {
  const started = Date.now();
  const send = (frame: string | Uint8Array) =>
    new Promise<void>((resolve) => {
      if (socket.readyState !== socket.OPEN) return resolve();
      socket.send(frame, () => resolve());
    });
  let errorClass: string | undefined;
  const ok = await context.run(id, sql, async (event: RunEvent) => {
    if (event.kind === 'rows') {
      const batches = [...arrowBatches(event.columns, event.rows, context.session.semantics.timeZone)];
      await send(
        JSON.stringify({
          type: 'result',
          id,
          index: event.index,
          columns: columnPayloads(event.columns),
          rowCount: event.rows.length,
          elapsedMs: event.elapsedMs,
          batches: batches.length,
        }),
      );
      for (const batch of batches) await send(batch);
      return;
    }
    if (event.kind === 'error') errorClass = event.error.errorClass;
    await send(JSON.stringify({ ...event, type: event.kind, kind: undefined, id }));
  });
  const elapsedMs = Date.now() - started;
  appendHistory(context.historyFile, {
    at: new Date(started).toISOString(),
    sql,
    ok,
    elapsedMs,
    ...(errorClass !== undefined ? { errorClass } : {}),
  });
  await send(JSON.stringify({ type: 'end', id, ok, elapsedMs }));
}

async function maintainOverSocket(
  socket: WebSocket,
  context: UiContext,
  message: Extract<ClientMessage, { type: 'maintain' }>,
): Promise<void> {
  const send = (frame: Record<string, unknown>) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ ...frame, id: message.id }));
  };
  const answer = await context.withSession((session) =>
    runMaintenance(session, message.table, message.action, (progress) =>
      send({ type: 'progress', ...progress }),
    ),
  );
  send({ type: 'maintained', answer });
}

function parseMessage(text: string): ClientMessage | undefined {
  try {
    const m = JSON.parse(text) as Partial<{
      type: string;
      id: unknown;
      sql: unknown;
      db: unknown;
      name: unknown;
      action: unknown;
    }>;
    if (m.type === 'run' && typeof m.id === 'string' && typeof m.sql === 'string')
      return { type: 'run', id: m.id, sql: m.sql };
    if (m.type === 'cancel' && typeof m.id === 'string') return { type: 'cancel', id: m.id };
    const table = tableName(m as Record<string, unknown>);
    const action = maintenanceAction(m.action);
    if (m.type === 'maintain' && typeof m.id === 'string' && table !== undefined && action !== undefined)
      return { type: 'maintain', id: m.id, table, action };
  } catch {
    // Not JSON: refused below.
  }
  return undefined;
}
