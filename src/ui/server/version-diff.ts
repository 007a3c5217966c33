/**
 * Two versions of a table compared, for the history's Compare. With the change data feed on
 * (`delta.enableChangeDataFeed`) and going forward in time, the answer is `table_changes(t, from + 1, to)`:
 * each insert, delete and update's pre- and post-image with the version that made it, which is what
 * Databricks shows for a table's changes. Otherwise (the feed is off, was turned on after `from`, or the
 * comparison goes back in time) it is a full comparison of the two snapshots: the rows `to` has and `from`
 * lacks (`added`) and the reverse (`removed`), as multisets (EXCEPT ALL), so an updated row is a removed and
 * an added one. Rows come in a fixed order (ORDER BY ALL), so the same comparison always reads the same.
 */
import type { SqlSession } from '../../exec/session/sql-session.js';
import { quoteName, quoteString } from '../../sql/printer/quoting.js';
import { type ColumnPayload, columnPayloads, displayRows, nestedTrees } from './arrow-batches.js';
import { type ErrorPayload, errorPayload } from './error-payload.js';

/** The most rows a comparison answers with (the page shows them in one grid). */
export const DIFF_ROW_LIMIT = 10_000;

export type VersionDiff =
  | {
      readonly method: 'changeDataFeed' | 'fullComparison';
      /** Why the change data feed was not used, for a full comparison of a table that has it on. */
      readonly note?: string;
      readonly statement: string;
      readonly columns: readonly ColumnPayload[];
      readonly rows: readonly (string | null)[][];
      readonly trees: Readonly<Record<number, (string | null)[]>>;
    }
  | { readonly error: ErrorPayload };

export async function versionDiff(
  session: SqlSession,
  table: readonly string[],
  from: number,
  to: number,
): Promise<VersionDiff> {
  const name = quoteName(table);
  let note: string | undefined;
  if (from < to && (await changeDataFeedOn(session, name))) {
    const feed = await diffBy(session, 'changeDataFeed', changesStatement(table, from, to));
    if (!('error' in feed)) return feed;
    // Typically DELTA_MISSING_CHANGE_DATA: the feed was turned on after `from`.
    note = `The change data feed cannot answer (${feed.error.errorClass}); the versions are compared in full.`;
  }
  const diff = await diffBy(session, 'fullComparison', fullStatement(name, from, to));
  return note !== undefined && !('error' in diff) ? { ...diff, note } : diff;
}

async function changeDataFeedOn(session: SqlSession, name: string): Promise<boolean> {
  try {
    const [result] = await session.execute(`SHOW TBLPROPERTIES ${name} ('delta.enableChangeDataFeed')`);
    const value = result?.kind === 'rows' ? result.rows[0]?.[1] : undefined;
    return typeof value === 'string' && value.toLowerCase() === 'true';
  } catch {
    return false; // not a Delta table: the full comparison reports what is wrong
  }
}

function changesStatement(table: readonly string[], from: number, to: number): string {
  const meta = '`_change_type`, `_commit_version`, `_commit_timestamp`';
  return `SELECT \`_change_type\`, \`_commit_version\`, * EXCEPT (${meta})
FROM table_changes(${quoteString(quoteName(table))}, ${from + 1}, ${to})
ORDER BY \`_commit_version\`, \`_change_type\` LIMIT ${DIFF_ROW_LIMIT}`;
}

function fullStatement(name: string, from: number, to: number): string {
  const [a, b] = [`${name} VERSION AS OF ${from}`, `${name} VERSION AS OF ${to}`];
  return `SELECT 'added' AS \`change\`, * FROM (SELECT * FROM ${b} EXCEPT ALL SELECT * FROM ${a})
UNION ALL SELECT 'removed', * FROM (SELECT * FROM ${a} EXCEPT ALL SELECT * FROM ${b})
ORDER BY ALL LIMIT ${DIFF_ROW_LIMIT}`;
}

async function diffBy(
  session: SqlSession,
  method: 'changeDataFeed' | 'fullComparison',
  statement: string,
): Promise<VersionDiff> {
  try {
    const [result] = await session.execute(statement);
    if (result?.kind !== 'rows') throw new Error('a comparison is a query');
    const timeZone = session.semantics.timeZone;
    return {
      method,
      statement,
      columns: columnPayloads(result.columns),
      rows: displayRows(result.columns, result.rows, timeZone),
      trees: nestedTrees(result.columns, result.rows, timeZone),
    };
  } catch (e) {
    return { error: errorPayload(e, statement, { offset: 0, text: statement }) };
  }
}
