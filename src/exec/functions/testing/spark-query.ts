/** Test helper over the SQL session fixture: one query's column names, Spark type names and rows. */
import { sqlTypeName } from '../../../types/data-types.js';
import type { SqlSessionFixture } from '../../session/testing/sql-session-fixture.js';

export interface QueryOutput {
  readonly names: readonly string[];
  readonly types: readonly string[];
  readonly rows: readonly unknown[][];
}

export async function query(fixture: SqlSessionFixture, sql: string): Promise<QueryOutput> {
  const results = await fixture.session.execute(sql);
  const last = results[results.length - 1];
  if (last?.kind !== 'rows') throw new Error(`no rows from ${sql}`);
  return {
    names: last.columns.map((c) => c.name),
    types: last.columns.map((c) => sqlTypeName(c.type)),
    rows: last.rows.map((r) => [...r]),
  };
}

/** The single row of a one-row query. */
export async function row(fixture: SqlSessionFixture, sql: string): Promise<unknown[]> {
  const out = await query(fixture, sql);
  return out.rows[0] ?? [];
}
