/**
 * Databricks' `table_changes(table_str, start [, end])`: the change data feed of a Delta table as a
 * relation. `table_str` names a catalog table (`'t'`, `'db.t'`) or a path (`'delta.\`/path\`'`); `start`
 * and `end` are versions (integers) or timestamps (strings or TIMESTAMP values), both inclusive.
 */
import { type ChangeDataBound, changeDataPlan } from '../../delta/change-data-feed.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import { changeDataRelation } from '../../engine/change-data-scan.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { LakesqlError } from '../../errors/index.js';
import type { ResolvedRelation } from '../../plan/analyzer/analyzer-context.js';
import { storeForUrl } from '../../storage/store-for-url.js';

export async function tableChangesRelation(
  engine: EngineSession,
  parquet: ParquetHandler,
  args: readonly unknown[],
  /** The storage location of the Delta table a multi-part name designates. */
  locate: (nameParts: readonly string[]) => Promise<string>,
): Promise<ResolvedRelation> {
  if (args.length < 2 || args.length > 3) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `table_changes() with ${args.length} arguments (it takes table_str, start [, end])`,
    });
  }
  const tableStr = literalOf(args[0], 'table_str');
  if (typeof tableStr !== 'string') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'a table_changes() table_str that is not a string',
    });
  }
  const nameParts = splitMultipartName(tableStr);
  const start = boundOf(args[1], 'start');
  if (start === undefined) throw new LakesqlError('DELTA_CDC_READ_NULL_RANGE_BOUNDARY', {});
  // A NULL end reads up to the latest version, like an omitted one.
  const end = args[2] === undefined ? undefined : boundOf(args[2], 'end');
  const store = storeForUrl(await locate(nameParts));
  const plan = await changeDataPlan(store, parquet, start, end);
  const read = await changeDataRelation(engine, store, plan);
  return {
    kind: 'engineSql',
    sql: read.sql,
    schema: read.schema,
    qualifier: [],
    release: read.release,
  };
}

/** A version for integers; an instant for strings and TIMESTAMP values (microseconds since the epoch). */
function boundOf(arg: unknown, what: string): ChangeDataBound | undefined {
  const lit = literalExpr(arg, what);
  if (lit.value === null) return undefined;
  const type = (lit.type as { name?: string } | undefined)?.name;
  if (type === 'timestamp' || type === 'timestamp_ntz') {
    return { timestamp: Number(BigInt(lit.value as bigint | number) / 1000n) };
  }
  if (typeof lit.value === 'string') return { timestamp: lit.value };
  if (typeof lit.value === 'number' || typeof lit.value === 'bigint') {
    const version = Number(lit.value);
    if (!Number.isInteger(version) || version < 0) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `table_changes() ${what} version ${version}`,
      });
    }
    return { version };
  }
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `a table_changes() ${what} of this type` });
}

function literalOf(arg: unknown, what: string): unknown {
  return literalExpr(arg, what).value;
}

/** Arguments arrive analyzed; constant casts (TIMESTAMP '…') are literals or casts of literals. */
function literalExpr(arg: unknown, what: string): { value: unknown; type?: unknown } {
  const e = arg as { kind?: string; value?: unknown; type?: unknown; child?: unknown };
  if (e.kind === 'literal') return { value: e.value, type: e.type };
  if (e.kind === 'cast') {
    const child = e.child as { kind?: string; value?: unknown };
    if (child.kind === 'literal' && typeof child.value === 'string') {
      return { value: child.value };
    }
  }
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `a non-literal table_changes() ${what}` });
}

/** `db.t`, `` `my table` ``, ``delta.`/a/b.c` ``: dot-separated parts, backquotes protecting dots. */
export function splitMultipartName(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '`') {
      if (quoted && text[i + 1] === '`') {
        current += '`';
        i++;
      } else quoted = !quoted;
    } else if (ch === '.' && !quoted) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  parts.push(current.trim());
  return parts;
}
