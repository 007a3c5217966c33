/**
 * SET key = value, SET key, SET, SET -v, RESET [key]: Spark's configuration statements and their row shapes.
 * Values come from the session, else from the key registry's defaults (conf/conf-entries.ts):
 *  - `SET key`: the key's value now, Spark's `<undefined>` when it has none.
 *  - `SET`: every key with a value: the registered ones (set or default) and any other key set.
 *  - `SET -v`: every registered key with its value and meaning (Spark's SET -v lists its defined keys so;
 *    Spark's fourth column, "Since version", is left out: lakesql's keys carry no version).
 */
import { quoteNameParts } from '../../catalog/identifiers.js';
import { LakesqlError } from '../../errors/index.js';
import type { MiscStatement } from '../../sql/ast/statements-misc.js';
import { StringType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { CONF_ENTRIES, confEntry, SEEDED_CONF as DEFAULT_CONF } from '../conf/conf-entries.js';
import type { StatementResult } from '../statement-result.js';

/** What SET and RESET use of their session: its keys, and setting one through the key's check. */
export interface ConfContext extends Pick<CommandContext, 'confValue' | 'catalog'> {
  readonly conf: Map<string, string>;
  setConf(key: string, value: string): Promise<void>;
}

const KV_COLUMNS = [
  { name: 'key', type: StringType, nullable: false },
  { name: 'value', type: StringType, nullable: true },
];
const VERBOSE_COLUMNS = [...KV_COLUMNS, { name: 'meaning', type: StringType, nullable: true }];
const UNDEFINED = '<undefined>';

export async function setConf(
  session: ConfContext,
  stmt: Extract<MiscStatement, { kind: 'set' }>,
): Promise<StatementResult> {
  if (stmt.key !== null && stmt.value !== null) {
    refuseVariable(session, stmt.key);
    await session.setConf(stmt.key, stmt.value);
    return { kind: 'rows', columns: KV_COLUMNS, rows: [[stmt.key, stmt.value]] };
  }
  if (stmt.key !== null) {
    return {
      kind: 'rows',
      columns: KV_COLUMNS,
      rows: [[stmt.key, session.confValue(stmt.key) ?? UNDEFINED]],
    };
  }
  if (stmt.verbose) {
    const rows = [...CONF_ENTRIES]
      .sort((a, b) => compare(a.key, b.key))
      .map((e) => [e.key, session.confValue(e.key) ?? UNDEFINED, e.meaning]);
    return { kind: 'rows', columns: VERBOSE_COLUMNS, rows };
  }
  const keys = new Set([...CONF_ENTRIES.map((e) => e.key), ...session.conf.keys()]);
  const rows = [...keys].sort(compare).flatMap((k) => {
    const v = session.confValue(k);
    return v === undefined ? [] : [[k, v]];
  });
  return { kind: 'rows', columns: KV_COLUMNS, rows };
}

/**
 * `SET v = 1` where `v` names a session variable is a mistake for SET VAR: Spark's SetCommand refuses it
 * (UNSUPPORTED_FEATURE.SET_VARIABLE_USING_SET) rather than set a configuration key of that name.
 */
function refuseVariable(session: ConfContext, key: string): void {
  const parts = key.split('.');
  if (session.catalog.variables.lookup(parts)) {
    throw new LakesqlError('UNSUPPORTED_FEATURE.SET_VARIABLE_USING_SET', {
      variableName: quoteNameParts(parts),
    });
  }
}

export async function resetConf(
  session: ConfContext,
  stmt: Extract<MiscStatement, { kind: 'reset' }>,
): Promise<StatementResult> {
  const keys = stmt.key === null ? [...session.conf.keys()] : [stmt.key];
  for (const key of keys) {
    if (confEntry(key)?.static) continue; // a static configuration: RESET leaves it
    const dflt = DEFAULT_CONF[key];
    if (dflt !== undefined) await session.setConf(key, dflt);
    else session.conf.delete(key);
  }
  return { kind: 'done' };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
