/**
 * Rows parsed in TypeScript (CSV, JSON, text) handed to DuckDB through an Appender into a scratch table,
 * instead of as a VALUES list: DuckDB parses a 100,000-row VALUES statement far more slowly than it appends
 * the same rows (FINDINGS.md measured the Appender at about 2 µs a row). Cells are appended as their text and
 * cast once per column, exactly as the VALUES form does, so both forms give the same values. Nested columns
 * keep the VALUES form. The table lives in the session's database (visible to every connection) until
 * `release`.
 */
import type { FileRows } from '../../formats/file-rows.js';
import type { EngineSession } from '../engine-session.js';
import { quoteIdentifier } from '../sql-text.js';
import { fileRowsSql, outerCast, primitiveText } from './file-rows-sql.js';

export interface RowsRelation {
  readonly sql: string;
  release(): Promise<void>;
}

const NO_RELEASE = async () => {};

export async function materializeRows(engine: EngineSession, rows: FileRows): Promise<RowsRelation> {
  const fields = rows.schema.fields;
  const flat = fields.every(
    (f) =>
      f.type.kind === 'primitive' ||
      f.type.kind === 'decimal' ||
      f.type.kind === 'char' ||
      f.type.kind === 'varchar',
  );
  const binary = fields.some((f) => f.type.kind === 'primitive' && f.type.name === 'binary');
  if (!flat || binary || fields.length === 0 || rows.rows.length < 1000) {
    return { sql: fileRowsSql(rows), release: NO_RELEASE };
  }
  const table = engine.uniqueName('lakesql_file_rows');
  const columns = fields.map((_, i) => `"c${i}" VARCHAR`).join(', ');
  await engine.run(`CREATE TABLE ${quoteIdentifier(table)} (${columns})`);
  try {
    await engine.withConnection(async (connection) => {
      const appender = await connection.createAppender(table);
      try {
        for (const row of rows.rows) {
          for (let i = 0; i < fields.length; i++) {
            const v = row[i] ?? null;
            if (v === null) appender.appendNull();
            else appender.appendVarchar(primitiveText(v, fields[i]!.type));
          }
          appender.endRow();
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
    });
  } catch (e) {
    await engine.run(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`);
    throw e;
  }
  const list = fields
    .map((f, i) => `${outerCast(`"c${i}"`, f.type)} AS ${quoteIdentifier(f.name)}`)
    .join(', ');
  return {
    sql: `SELECT ${list} FROM ${quoteIdentifier(table)}`,
    release: () => engine.run(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`),
  };
}
