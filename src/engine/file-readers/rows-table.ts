/**
 * Rows parsed in TypeScript (CSV, JSON, text) handed to DuckDB through an Appender into a scratch table,
 * instead of as a VALUES list: DuckDB parses a 100,000-row VALUES statement far more slowly than it appends
 * the same rows (FINDINGS.md measured the Appender at about 2 µs a row). Integer, double, boolean and date
 * cells are appended typed; the others as their text, cast once per column exactly as the VALUES form does,
 * so both forms give the same values. Nested columns keep the VALUES form. The table lives in the session's
 * database (visible to every connection) until `release`.
 */
import type { DuckDBAppender } from '@duckdb/node-api';
import type { FileRows } from '../../formats/file-rows.js';
import type { DataType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
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
  const kinds = fields.map((f) => scratchKind(f.type));
  const columns = kinds.map((k, i) => `"c${i}" ${SCRATCH_TYPE[k]}`).join(', ');
  await engine.run(`CREATE TABLE ${quoteIdentifier(table)} (${columns})`);
  try {
    await engine.withConnection(async (connection) => {
      const appender = await connection.createAppender(table);
      try {
        for (const row of rows.rows) {
          for (let i = 0; i < fields.length; i++) {
            const v = row[i] ?? null;
            if (v === null) appender.appendNull();
            else append(appender, kinds[i]!, v, fields[i]!.type);
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

/**
 * How a column travels in the scratch table. Integers, doubles, booleans and dates (day numbers) go as
 * themselves: exact, and no text to build and parse again. Everything else goes as text and is cast once, as
 * the VALUES form does (a float via a double could round twice; decimals and timestamps are text already).
 */
type ScratchKind = 'integer' | 'bigint' | 'double' | 'boolean' | 'text';

const SCRATCH_TYPE: Readonly<Record<ScratchKind, string>> = {
  integer: 'INTEGER',
  bigint: 'BIGINT',
  double: 'DOUBLE',
  boolean: 'BOOLEAN',
  text: 'VARCHAR',
};

function scratchKind(t: DataType): ScratchKind {
  if (t.kind !== 'primitive') return 'text';
  switch (t.name) {
    case 'byte':
    case 'short':
    case 'integer':
    case 'date':
      return 'integer';
    case 'long':
      return 'bigint';
    case 'double':
      return 'double';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

function append(appender: DuckDBAppender, kind: ScratchKind, v: Value, t: DataType): void {
  if (kind === 'integer' && typeof v === 'number') appender.appendInteger(v);
  else if (kind === 'bigint' && typeof v === 'bigint') appender.appendBigInt(v);
  else if (kind === 'double' && typeof v === 'number') appender.appendDouble(v);
  else if (kind === 'boolean' && typeof v === 'boolean') appender.appendBoolean(v);
  else appender.appendVarchar(primitiveText(v, t));
}
