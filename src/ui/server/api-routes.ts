/**
 * The JSON API (the token is checked before these run):
 *  - GET  /api/catalog              databases, their tables and views, temp views
 *  - GET  /api/table?db=D&name=T    a table's page: columns, DESCRIBE DETAIL, SHOW CREATE TABLE, history, sample
 *  - POST /api/complete {text, cursor}   completion candidates at the cursor
 *  - GET  /api/history              the warehouse's query history, newest first
 *  - POST /api/run {sql, id?}       runs the statements in order; results as display texts in one answer
 *                                   (the page uses the WebSocket, which streams Arrow batches)
 *  - POST /api/cancel {id?}         cancels that run, or every run
 *  - GET  /api/streams              the warehouse's streaming queries and their recent batches
 *  - POST /api/maintenance {db?, name, action}   OPTIMIZE, VACUUM (DRY RUN) or the table check, answered
 *                                   when done (the page uses the WebSocket, which also reports progress)
 *  - GET  /api/download?format=parquet&sql=Q&name=F   the query's rows as a Parquet file (result-download.ts);
 *                                   a query that fails answers 400 with its error payload
 *  - POST /api/diff {db?, name, from, to}   two versions compared (version-diff.ts)
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { columnPayloads, displayRows, nestedTrees } from './arrow-batches.js';
import { catalogTree, tablePage } from './catalog-explorer.js';
import { completeAt } from './completion-route.js';
import { sendJson } from './http-answers.js';
import { appendHistory, readHistory } from './query-history.js';
import { sendParquet, writeResultParquet } from './result-download.js';
import type { RunEvent } from './statement-runner.js';
import { streamSummaries } from './streams-route.js';
import { maintenanceAction, runMaintenance, tableName } from './table-maintenance.js';
import type { UiContext } from './ui-context.js';
import { versionDiff } from './version-diff.js';

/** A request body larger than this is refused: statements, not data, come this way. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  context: UiContext,
): Promise<void> {
  const route = `${req.method} ${url.pathname}`;
  switch (route) {
    case 'GET /api/catalog':
      return sendJson(res, 200, await context.withSession((s) => catalogTree(s)));
    case 'GET /api/table': {
      const name = [url.searchParams.get('db'), url.searchParams.get('name')].filter((p) => p !== null);
      if (name.length === 0)
        return sendJson(res, 400, { message: 'name=TABLE (and db=DATABASE) is required' });
      return sendJson(res, 200, await context.withSession((s) => tablePage(s, name)));
    }
    case 'POST /api/complete': {
      const body = await jsonBody(req);
      const text = typeof body.text === 'string' ? body.text : '';
      const cursor = typeof body.cursor === 'number' ? body.cursor : text.length;
      return sendJson(
        res,
        200,
        await context.withSession(() => completeAt(text, cursor, context.completion)),
      );
    }
    case 'GET /api/history':
      return sendJson(res, 200, readHistory(context.historyFile));
    case 'GET /api/streams':
      // Only files are read (the registry and the checkpoints' status files): no turn on the session.
      return sendJson(res, 200, await streamSummaries(context.session));
    case 'POST /api/maintenance': {
      const body = await jsonBody(req);
      const table = tableName(body);
      const action = maintenanceAction(body.action);
      if (table === undefined || action === undefined)
        return sendJson(res, 400, {
          message:
            'name (a string), db (optional) and action ({kind: optimize|vacuumDryRun|vacuum|check, retainHours?}) are required',
        });
      return sendJson(
        res,
        200,
        await context.withSession((s) => runMaintenance(s, table, action, () => undefined)),
      );
    }
    case 'GET /api/download': {
      const sql = url.searchParams.get('sql');
      if (url.searchParams.get('format') !== 'parquet' || sql === null)
        return sendJson(res, 400, {
          message: 'format=parquet and sql=QUERY are required (CSV and JSON are made by the page)',
        });
      const written = await writeResultParquet(context, sql);
      if (!written.ok) return sendJson(res, 400, { error: written.error });
      return sendParquet(res, written, url.searchParams.get('name') ?? 'result.parquet');
    }
    case 'POST /api/diff': {
      const body = await jsonBody(req);
      const table = tableName(body);
      const [from, to] = [body.from, body.to];
      if (table === undefined || !isVersion(from) || !isVersion(to))
        return sendJson(res, 400, {
          message: 'name (a string), db (optional), from and to (versions: whole numbers) are required',
        });
      return sendJson(res, 200, await context.withSession((s) => versionDiff(s, table, from, to)));
    }
    case 'POST /api/run': {
      const body = await jsonBody(req);
      if (typeof body.sql !== 'string') return sendJson(res, 400, { message: 'sql (a string) is required' });
      return sendJson(
        res,
        200,
        await runToJson(context, typeof body.id === 'string' ? body.id : randomUUID(), body.sql),
      );
    }
    case 'POST /api/cancel': {
      const body = await jsonBody(req);
      return sendJson(res, 200, {
        cancelled: context.cancel(typeof body.id === 'string' ? body.id : undefined),
      });
    }
    default:
      return sendJson(res, 404, { message: `No API route ${route}` });
  }
}

async function runToJson(context: UiContext, id: string, sql: string) {
  const started = Date.now();
  const statements: Record<string, unknown>[] = [];
  const ok = await context.run(id, sql, (event: RunEvent) => {
    switch (event.kind) {
      case 'statement':
        statements.push({ index: event.index, range: event.range });
        return;
      case 'rows':
        Object.assign(statements[event.index] ?? {}, {
          columns: columnPayloads(event.columns),
          rows: displayRows(event.columns, event.rows, context.session.semantics.timeZone),
          trees: nestedTrees(event.columns, event.rows, context.session.semantics.timeZone),
          elapsedMs: event.elapsedMs,
        });
        return;
      case 'ok':
        Object.assign(statements[event.index] ?? {}, { elapsedMs: event.elapsedMs });
        return;
      case 'error':
        statements[event.index] = { ...statements[event.index], index: event.index, error: event.error };
        return;
      case 'cancelled':
        statements[event.index] = { ...statements[event.index], index: event.index, cancelled: true };
        return;
      default:
        return event satisfies never;
    }
  });
  const elapsedMs = Date.now() - started;
  const failed = statements.find((s) => s.error !== undefined)?.error as { errorClass?: string } | undefined;
  appendHistory(context.historyFile, {
    at: new Date(started).toISOString(),
    sql,
    ok,
    elapsedMs,
    ...(failed?.errorClass !== undefined ? { errorClass: failed.errorClass } : {}),
  });
  return { id, ok, elapsedMs, statements };
}

function isVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
