/**
 * DESCRIBE HISTORY t [LIMIT n]: one row per commit still in the log, newest first, in the columns of
 * Delta's DeltaHistory (DeltaHistoryManager.getHistory): the commitInfo of each commit file, with the
 * version from the file name and the commit timestamp Delta would use (the file's modification time made
 * monotonic, or the in-commit timestamp where that feature is on — see delta/commit-timestamps.ts).
 * Commits written without a commitInfo (other writers may omit it) show NULLs, as Delta's do.
 */
import { parseActionLines } from '../../delta/actions-json.js';
import { commitTimestamps } from '../../delta/commit-timestamps.js';
import { commitHistory } from '../../delta/log-segment.js';
import type { Snapshot } from '../../delta/snapshot.js';
import {
  BooleanType,
  field,
  LongType,
  mapOf,
  StringType,
  struct,
  TimestampType,
} from '../../types/data-types.js';
import type { MapValue, StructValue, Value } from '../../types/value.js';
import type { ResultColumn } from '../query/run-query.js';
import { column } from './result-rows.js';

const JOB_FIELDS = ['jobId', 'jobName', 'runId', 'jobOwnerId', 'triggerType'] as const;

export const HISTORY_COLUMNS: readonly ResultColumn[] = [
  column('version', LongType),
  column('timestamp', TimestampType),
  column('userId'),
  column('userName'),
  column('operation'),
  column('operationParameters', mapOf(StringType, StringType)),
  column('job', struct(JOB_FIELDS.map((n) => field(n, StringType)))),
  column('notebook', struct([field('notebookId', StringType)])),
  column('clusterId'),
  column('readVersion', LongType),
  column('isolationLevel'),
  column('isBlindAppend', BooleanType),
  column('operationMetrics', mapOf(StringType, StringType)),
  column('userMetadata'),
  column('engineInfo'),
];

export async function describeHistoryRows(snapshot: Snapshot, limit: number | null): Promise<Value[][]> {
  // A snapshot lists the log only from its checkpoint: history lists the older commits now.
  const commits = await commitHistory(snapshot.store, snapshot.segment);
  const stamps = await commitTimestamps(snapshot.store, commits, snapshot.metadata);
  const newestFirst = commits.map((c, i) => ({ commit: c, timestamp: stamps[i]!.timestamp })).reverse();
  const chosen = limit === null ? newestFirst : newestFirst.slice(0, Math.max(0, limit));
  const rows: Value[][] = [];
  for (const { commit, timestamp } of chosen) {
    const text = new TextDecoder().decode(await snapshot.store.get(commit.meta.path));
    const info = parseActionLines(text, commit.meta.path).find((a) => a.kind === 'commitInfo');
    rows.push(historyRow(commit.version, timestamp, info?.kind === 'commitInfo' ? info.commitInfo : {}));
  }
  return rows;
}

function historyRow(version: number, timestamp: number, ci: Readonly<Record<string, unknown>>): Value[] {
  return [
    BigInt(version),
    BigInt(timestamp) * 1000n,
    str(ci.userId),
    str(ci.userName),
    str(ci.operation),
    stringMap(ci.operationParameters) ?? { kind: 'map', entries: [] },
    structOf(ci.job, JOB_FIELDS),
    structOf(ci.notebook, ['notebookId']),
    str(ci.clusterId),
    typeof ci.readVersion === 'number' ? BigInt(ci.readVersion) : null,
    str(ci.isolationLevel),
    typeof ci.isBlindAppend === 'boolean' ? ci.isBlindAppend : null,
    stringMap(ci.operationMetrics),
    str(ci.userMetadata),
    str(ci.engineInfo),
  ];
}

function str(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function stringMap(v: unknown): MapValue | null {
  if (typeof v !== 'object' || v === null) return null;
  return { kind: 'map', entries: Object.entries(v).map(([k, x]) => [k, str(x)] as const) };
}

function structOf(v: unknown, names: readonly string[]): StructValue | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  return { kind: 'struct', fields: Object.fromEntries(names.map((n) => [n, str(o[n])])) };
}
