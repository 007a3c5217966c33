/**
 * Actions to and from the newline-delimited JSON of Delta log entries (PROTOCOL.md "Delta Log Entries").
 * Parsing is strict about what reconciliation depends on (paths, versions, required fields) and tolerant of
 * fields added by newer writers, which readers must ignore.
 */
import { LakesqlError } from '../errors/index.js';
import type { Action, AddFile, RemoveFile } from './actions.js';

/** Parses one JSON object holding a single action; undefined for unknown action kinds (forward compatibility). */
export function actionFromJson(obj: Record<string, unknown>): Action | undefined {
  for (const key of Object.keys(obj)) {
    const body = obj[key];
    if (body === null || body === undefined) continue; // checkpoint rows carry null columns for other kinds
    switch (key) {
      case 'protocol':
        return { kind: 'protocol', protocol: body as never };
      case 'metaData':
        return { kind: 'metaData', metaData: normalizeMetadata(body as Record<string, unknown>) };
      case 'add':
        return { kind: 'add', add: requirePath(body, 'add') as unknown as AddFile };
      case 'remove':
        return { kind: 'remove', remove: requirePath(body, 'remove') as unknown as RemoveFile };
      case 'cdc':
        return { kind: 'cdc', cdc: requirePath(body, 'cdc') as never };
      case 'txn':
        return { kind: 'txn', txn: body as never };
      case 'commitInfo':
        return { kind: 'commitInfo', commitInfo: body as never };
      case 'domainMetadata':
        return { kind: 'domainMetadata', domainMetadata: body as never };
      case 'checkpointMetadata':
        return { kind: 'checkpointMetadata', checkpointMetadata: body as never };
      case 'sidecar':
        return { kind: 'sidecar', sidecar: requirePath(body, 'sidecar') as never };
      default:
        break;
    }
  }
  return undefined;
}

function requirePath(body: unknown, kind: string): Record<string, unknown> {
  const b = body as Record<string, unknown>;
  if (typeof b.path !== 'string') {
    throw new LakesqlError('DELTA_STATE_RECOVER_ERROR', {
      component: `${kind} action without a path`,
      version: '?',
    });
  }
  return b;
}

function normalizeMetadata(m: Record<string, unknown>): never {
  // Old writers omit `configuration`/`format.options`; the protocol gives them defaults.
  const format = (m.format as Record<string, unknown> | undefined) ?? { provider: 'parquet' };
  return {
    ...m,
    format: { provider: format.provider ?? 'parquet', options: format.options ?? {} },
    partitionColumns: m.partitionColumns ?? [],
    configuration: m.configuration ?? {},
  } as never;
}

/**
 * Parses the text of a commit (or compaction / JSON checkpoint) file at `where` (its key). Blank lines are
 * ignored. A log file is validated as it is parsed, so that damage is an error naming the file and its
 * version rather than a silently shorter table (issue 13): a file with no action at all (0 bytes, only
 * blank lines), a line that is not JSON (a file cut mid-line or mid-action, garbage) and a line that is JSON
 * but not an object all fail with DELTA_STATE_RECOVER_ERROR. Every writer writes at least one action per
 * commit (PROTOCOL.md "Delta Log Entries": a commit is a set of actions), and writes each as one JSON object
 * on its own line. A file cut exactly at a line end cannot be told from a shorter commit: no writer records
 * how many actions a commit holds, and commitInfo, which Spark and lakesql write first, is optional in the
 * protocol (37 of the 650 commits in test/data have none).
 */
export function parseActionLines(text: string, where: string): Action[] {
  const out: Action[] = [];
  let start = 0;
  let lineNo = 0;
  let objects = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    const lastLine = end < 0;
    if (end < 0) end = text.length;
    lineNo++;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line.length === 0) continue;
    let obj: unknown;
    try {
      obj = JSON.parse(line);
    } catch (e) {
      const problem = lastLine ? 'the file ends mid-action' : 'it is not valid JSON';
      throw damagedLogFile(where, `line ${lineNo}: ${problem}`, e);
    }
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
      throw damagedLogFile(where, `line ${lineNo}: not a JSON object`);
    }
    objects++;
    let action: Action | undefined;
    try {
      action = actionFromJson(obj as Record<string, unknown>);
    } catch (e) {
      // An add or remove without a path: name the file and its version, as for the other damage.
      if (!(e instanceof LakesqlError) || e.errorClass !== 'DELTA_STATE_RECOVER_ERROR') throw e;
      throw damagedLogFile(where, `line ${lineNo}: ${e.messageParameters.component}`);
    }
    if (action) out.push(action);
  }
  if (objects === 0) {
    throw damagedLogFile(where, text.length === 0 ? 'the file is empty' : 'the file holds no action');
  }
  return out;
}

/** The error for a log file that cannot be a complete log entry; its version is read from its name. */
function damagedLogFile(where: string, problem: string, cause?: unknown): LakesqlError {
  const name = where.slice(where.lastIndexOf('/') + 1);
  const version = /^\d{20}/.test(name) ? Number(name.slice(0, 20)) : where;
  return new LakesqlError(
    'DELTA_STATE_RECOVER_ERROR',
    { component: `log file ${where} (${problem})`, version },
    cause === undefined ? undefined : { cause },
  );
}

/** The JSON object of an action as Delta writes it: `{"<kind>": {...}}`, with undefined fields dropped. */
export function actionToJson(action: Action): Record<string, unknown> {
  switch (action.kind) {
    case 'protocol':
      return { protocol: action.protocol };
    case 'metaData':
      return { metaData: action.metaData };
    case 'add':
      return { add: action.add };
    case 'remove':
      return { remove: action.remove };
    case 'cdc':
      return { cdc: action.cdc };
    case 'txn':
      return { txn: action.txn };
    case 'commitInfo':
      return { commitInfo: action.commitInfo };
    case 'domainMetadata':
      return { domainMetadata: action.domainMetadata };
    case 'checkpointMetadata':
      return { checkpointMetadata: action.checkpointMetadata };
    case 'sidecar':
      return { sidecar: action.sidecar };
    default: {
      const never: never = action;
      throw new Error(`unknown action ${JSON.stringify(never)}`);
    }
  }
}

/** The bytes of a commit file: one action per line, newline-terminated. */
export function serializeActionLines(actions: readonly Action[]): string {
  return actions.map((a) => `${JSON.stringify(actionToJson(a))}\n`).join('');
}
