/**
 * What `lakesql ingest` is asked to do, read from its command-line options: the source folder and format,
 * the target table, MERGE keys, checkpoint and trigger. Bad values fail here, before a session opens.
 */
import { InvalidArgumentError } from 'commander';
import type { Trigger } from '../../streaming/index.js';

/** The formats `--format` takes: the file sources, and Auto Loader (`cloudFiles`, with `cloudFiles.format`). */
export const INGEST_FORMATS = ['orc', 'csv', 'json', 'parquet', 'text', 'cloudFiles'] as const;
export type IngestFormat = (typeof INGEST_FORMATS)[number];

export interface IngestRequest {
  readonly from: string;
  readonly format: IngestFormat;
  /** A DDL schema (`id int, name string`); without one the schema is inferred (ingest-command.ts). */
  readonly schema?: string;
  /** Reader options, `--option k=v` (repeatable). */
  readonly options: Readonly<Record<string, string>>;
  /** `db.table` or `table`. */
  readonly into: string;
  /** Upsert keys; empty for an append. */
  readonly mergeOn: readonly string[];
  readonly checkpoint?: string;
  readonly trigger: Trigger;
}

/** Commander's collector for `--option k=v`: later keys win. */
export function collectOption(
  entry: string,
  previous: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const eq = entry.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError(`expected key=value, got '${entry}'`);
  return { ...previous, [entry.slice(0, eq).trim()]: entry.slice(eq + 1).trim() };
}

/** `available-now` (the default: everything there now, then stop), `once`, or an interval (`5 seconds`). */
export function parseIngestTrigger(text: string): Trigger {
  const t = text.trim().toLowerCase();
  if (t === 'available-now' || t === 'availablenow') return { availableNow: true };
  if (t === 'once') return { once: true };
  if (/^\d+(\.\d+)?\s*[a-z]+$/.test(t)) return { processingTime: t };
  throw new InvalidArgumentError(
    `expected available-now, once or an interval such as "5 seconds", got '${text}'`,
  );
}

export function parseIngestFormat(text: string): IngestFormat {
  const found = INGEST_FORMATS.find((f) => f.toLowerCase() === text.toLowerCase());
  if (found === undefined) throw new InvalidArgumentError(`expected one of ${INGEST_FORMATS.join(', ')}`);
  return found;
}

/** `--merge-on a,b`: the key columns, trimmed; an empty list is refused. */
export function parseMergeKeys(text: string): string[] {
  const keys = text
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (keys.length === 0) throw new InvalidArgumentError('expected one or more column names, comma-separated');
  return keys;
}
