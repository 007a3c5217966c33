/**
 * Maintenance from a table's page: OPTIMIZE (bin-packing compaction, as `OPTIMIZE t`), VACUUM and its DRY RUN
 * preview (the files a VACUUM would delete, listed before the page asks to confirm), and the check of
 * `lakesql table check` (every live file exists with its recorded size; statistics agree with the data).
 * Each runs through the same code as its SQL statement or CLI command, reports progress as it goes, and
 * answers with the equivalent statement's text and its metrics. A failure is the page's error payload
 * (Spark's error class; a retention under the table's interval is DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT).
 */
import { trimSlash } from '../../catalog/warehouse-layout.js';
import { checkTableFiles } from '../../cli/table-file-check.js';
import { optimizeTable } from '../../exec/maintenance/optimize.js';
import { DRY_RUN_LIST_LIMIT, vacuum } from '../../exec/maintenance/vacuum.js';
import { latestDeltaSnapshot } from '../../exec/maintenance/vacuum-target.js';
import type { SqlSession } from '../../exec/session/sql-session.js';
import { hiveResultString } from '../../exec/value-format/index.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import { quoteName } from '../../sql/printer/quoting.js';
import type { StructValue } from '../../types/value.js';
import { type ErrorPayload, errorPayload } from './error-payload.js';

export type MaintenanceAction =
  | { readonly kind: 'optimize' }
  | { readonly kind: 'vacuumDryRun'; readonly retainHours?: number }
  | { readonly kind: 'vacuum'; readonly retainHours?: number }
  | { readonly kind: 'check' };

export interface MaintenanceProgress {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
}

export interface MaintenanceResult {
  /** The statement (or, for the check, the command) the action is. */
  readonly statement: string;
  /** Name and display text of each figure: Delta's metrics for OPTIMIZE, counts and sizes for the others. */
  readonly metrics: Readonly<Record<string, string>>;
  /** VACUUM DRY RUN's files to delete (the first DRY_RUN_LIST_LIMIT), or the check's problems. */
  readonly files?: readonly string[];
  readonly problems?: readonly string[];
}

export type MaintenanceAnswer =
  | { readonly ok: true; readonly result: MaintenanceResult }
  | { readonly ok: false; readonly error: ErrorPayload };

/** `{db?, name}` of a request as the table's name parts, or undefined when the name is missing. */
export function tableName(body: Record<string, unknown>): string[] | undefined {
  if (typeof body.name !== 'string') return undefined;
  return typeof body.db === 'string' ? [body.db, body.name] : [body.name];
}

/** Reads an action from a request's JSON; undefined when it names none of the four. */
export function maintenanceAction(value: unknown): MaintenanceAction | undefined {
  const v = value as { kind?: unknown; retainHours?: unknown } | null;
  if (v?.retainHours !== undefined && typeof v.retainHours !== 'number') return undefined;
  const retain = typeof v?.retainHours === 'number' ? { retainHours: v.retainHours } : {};
  switch (v?.kind) {
    case 'optimize':
      return { kind: 'optimize' };
    case 'vacuumDryRun':
      return { kind: 'vacuumDryRun', ...retain };
    case 'vacuum':
      return { kind: 'vacuum', ...retain };
    case 'check':
      return { kind: 'check' };
    default:
      return undefined;
  }
}

export async function runMaintenance(
  session: SqlSession,
  table: readonly string[],
  action: MaintenanceAction,
  onProgress: (progress: MaintenanceProgress) => void,
): Promise<MaintenanceAnswer> {
  const statement = statementOf(table, action);
  try {
    // The check names its command with the table's location, which only its snapshot knows: perform's wins.
    return { ok: true, result: { statement, ...(await perform(session, table, action, onProgress)) } };
  } catch (e) {
    return { ok: false, error: errorPayload(e, statement, { offset: 0, text: statement }) };
  }
}

async function perform(
  session: SqlSession,
  table: readonly string[],
  action: MaintenanceAction,
  onProgress: (progress: MaintenanceProgress) => void,
): Promise<Omit<MaintenanceResult, 'statement'> & { readonly statement?: string }> {
  switch (action.kind) {
    case 'optimize': {
      const result = await optimizeTable(session, {
        table: { kind: 'objectName', parts: table, span: NO_SPAN },
        where: null,
        zOrderBy: [],
        full: false,
        onProgress: (done, total) => onProgress({ phase: 'rewriting bins', done, total }),
      });
      return { metrics: optimizeMetrics(session, result) };
    }
    case 'vacuumDryRun':
    case 'vacuum': {
      const dryRun = action.kind === 'vacuumDryRun';
      const outcome = await vacuum(session, table, {
        dryRun,
        ...(action.retainHours !== undefined ? { retainHours: action.retainHours } : {}),
        onProgress: (p) => onProgress({ phase: p.phase, done: p.deleted, total: p.total }),
      });
      return dryRun
        ? {
            metrics: {
              numFilesToDelete: String(outcome.paths.length),
              sizeOfDataToDelete: String(outcome.sizeOfDataToDelete),
            },
            files: outcome.paths.slice(0, DRY_RUN_LIST_LIMIT),
          }
        : {
            metrics: {
              numDeletedFiles: String(outcome.numDeletedFiles),
              numVacuumedDirectories: String(outcome.numVacuumedDirectories),
            },
          };
    }
    case 'check': {
      const snapshot = await latestDeltaSnapshot(session, table);
      const report = await checkTableFiles(session, snapshot, {
        onProgress: (p) => onProgress({ phase: `checking ${p.phase}`, done: p.done, total: p.total }),
      });
      return {
        statement: `lakesql table check ${trimSlash(snapshot.store.rootUrl)}`,
        metrics: {
          version: String(snapshot.version),
          filesChecked: String(report.filesChecked),
          statsChecked: String(report.statsChecked),
          problems: String(report.problems.length),
        },
        problems: report.problems,
      };
    }
    default:
      return action satisfies never;
  }
}

/** OPTIMIZE's `metrics` struct (Delta's OptimizeMetrics), each field as spark-sql would print it. */
function optimizeMetrics(
  session: SqlSession,
  result: Awaited<ReturnType<typeof optimizeTable>>,
): Record<string, string> {
  if (result.kind !== 'rows') return {};
  const at = result.columns.findIndex((c) => c.name === 'metrics');
  const type = result.columns[at]?.type;
  const value = result.rows[0]?.[at] as StructValue | null | undefined;
  if (type?.kind !== 'struct' || !value) return {};
  const timeZone = session.semantics.timeZone;
  return Object.fromEntries(
    type.fields.map((f) => {
      const v = value.fields[f.name] ?? null;
      return [f.name, v === null ? 'NULL' : hiveResultString(v, f.type, { timeZone })];
    }),
  );
}

function statementOf(table: readonly string[], action: MaintenanceAction): string {
  const name = quoteName(table);
  const retain =
    'retainHours' in action && action.retainHours !== undefined ? ` RETAIN ${action.retainHours} HOURS` : '';
  switch (action.kind) {
    case 'optimize':
      return `OPTIMIZE ${name}`;
    case 'vacuumDryRun':
      return `VACUUM ${name}${retain} DRY RUN`;
    case 'vacuum':
      return `VACUUM ${name}${retain}`;
    case 'check':
      return `lakesql table check (of ${name})`;
    default:
      return action satisfies never;
  }
}
