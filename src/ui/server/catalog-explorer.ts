/**
 * What the catalog tree and a table's page show, asked of the same session the statements run on:
 * databases with their tables and views, a table's columns (types, nullability, comments, and the
 * generated, default and identity expressions kept in each field's metadata), and the answers of
 * DESCRIBE DETAIL, SHOW CREATE TABLE, DESCRIBE HISTORY and a sample of rows. Each part of a table's page
 * fails on its own (a view has no DESCRIBE DETAIL), as an error payload in place of the part.
 */
import type { SqlSession } from '../../exec/session/sql-session.js';
import { parseStatement } from '../../sql/index.js';
import { quoteName } from '../../sql/printer/quoting.js';
import { sqlTypeName } from '../../types/data-types.js';
import { type ColumnPayload, columnPayloads, displayRows, nestedTrees } from './arrow-batches.js';
import { type ErrorPayload, errorPayload } from './error-payload.js';

export interface CatalogTree {
  readonly currentDatabase: string;
  readonly databases: readonly {
    readonly name: string;
    readonly tables: readonly { readonly name: string; readonly kind: 'table' | 'view' }[];
  }[];
  /** Session temp views, which belong to no database. */
  readonly tempViews: readonly string[];
}

export async function catalogTree(session: SqlSession): Promise<CatalogTree> {
  const names = await session.catalog.catalog.listDatabases();
  const databases = await Promise.all(
    [...names].sort().map(async (name) => {
      const [tables, views] = await Promise.all([
        session.catalog.listTables(name),
        session.catalog.listViews(name),
      ]);
      const viewNames = new Set(views.filter((v) => !v.isTemporary).map((v) => v.name));
      return {
        name,
        tables: tables
          .filter((t) => !t.isTemporary)
          .map((t) => ({
            name: t.name,
            kind: viewNames.has(t.name) ? ('view' as const) : ('table' as const),
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    }),
  );
  const temp = await session.catalog.listTables(session.catalog.currentDatabase);
  return {
    currentDatabase: session.catalog.currentDatabase,
    databases,
    tempViews: temp.filter((t) => t.isTemporary).map((t) => t.name),
  };
}

export interface TableColumn {
  readonly name: string;
  readonly type: string;
  readonly nullable: boolean;
  readonly comment?: string;
  /** `GENERATED ALWAYS AS (…)`, `DEFAULT …` or `GENERATED … AS IDENTITY`, from the field's metadata. */
  readonly generation?: string;
}

/** A part of the table page: its rows as display texts, or why it could not be had. */
export type Section =
  | {
      readonly columns: readonly ColumnPayload[];
      readonly rows: readonly (string | null)[][];
      /** The nested columns' values as trees (arrow-batches.ts), by column index. */
      readonly trees?: Readonly<Record<number, (string | null)[]>>;
    }
  | { readonly error: ErrorPayload };

export interface TablePage {
  readonly name: string;
  readonly columns: readonly TableColumn[] | { readonly error: ErrorPayload };
  readonly detail: Section;
  readonly createStatement: Section;
  readonly history: Section;
  readonly sample: Section;
}

export const SAMPLE_ROWS = 20;

/** `name` is the table's name parts, as the catalog tree gives them (`["db", "t"]`). */
export async function tablePage(session: SqlSession, name: readonly string[]): Promise<TablePage> {
  const quoted = quoteName(name);
  return {
    name: name.join('.'),
    columns: await tableColumns(session, quoted),
    detail: await section(session, `DESCRIBE DETAIL ${quoted}`),
    createStatement: await section(session, `SHOW CREATE TABLE ${quoted}`),
    history: await section(session, `DESCRIBE HISTORY ${quoted}`),
    sample: await section(session, `SELECT * FROM ${quoted} LIMIT ${SAMPLE_ROWS}`),
  };
}

async function tableColumns(
  session: SqlSession,
  quoted: string,
): Promise<readonly TableColumn[] | { readonly error: ErrorPayload }> {
  const text = `SELECT * FROM ${quoted}`;
  try {
    const statement = parseStatement(text);
    if (statement.kind !== 'queryStatement') throw new Error('a SELECT parses as a query');
    const plan = await session.analyze(statement.query);
    return plan.output
      .filter((a) => !a.hidden)
      .map((a) => {
        const comment = a.metadata?.comment;
        const generation = generationText(a.metadata ?? {});
        return {
          name: a.name,
          type: sqlTypeName(a.type),
          nullable: a.nullable,
          ...(typeof comment === 'string' ? { comment } : {}),
          ...(generation !== undefined ? { generation } : {}),
        };
      });
  } catch (e) {
    return { error: errorPayload(e, text, { offset: 0, text }) };
  }
}

/** Delta keeps these in the field's metadata (PROTOCOL.md, "Generated Columns", "Identity Columns", defaults). */
function generationText(metadata: Readonly<Record<string, unknown>>): string | undefined {
  const generated = metadata['delta.generationExpression'];
  if (typeof generated === 'string') return `GENERATED ALWAYS AS (${generated})`;
  if (metadata['delta.identity.start'] !== undefined) {
    const always = metadata['delta.identity.allowExplicitInsert'] !== true;
    return `GENERATED ${always ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY (START WITH ${String(metadata['delta.identity.start'])} INCREMENT BY ${String(metadata['delta.identity.step'])})`;
  }
  const defaultValue = metadata.CURRENT_DEFAULT;
  return typeof defaultValue === 'string' ? `DEFAULT ${defaultValue}` : undefined;
}

async function section(session: SqlSession, text: string): Promise<Section> {
  try {
    const [result] = await session.execute(text);
    if (result?.kind !== 'rows') return { columns: [], rows: [] };
    const timeZone = session.semantics.timeZone;
    return {
      columns: columnPayloads(result.columns),
      rows: displayRows(result.columns, result.rows, timeZone),
      trees: nestedTrees(result.columns, result.rows, timeZone),
    };
  } catch (e) {
    return { error: errorPayload(e, text, { offset: 0, text }) };
  }
}
