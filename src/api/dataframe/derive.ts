/**
 * New DataFrames over an existing one for the method groups that live in their own files (na-functions,
 * describe, sample, …): a projection or a filter whose expressions may depend on the input's schema. Like
 * DataFrame's own transformations, they build the Query AST lazily and keep the input's qualifier.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { andWhere, type Frame, frameSource, openFrame, queryFrame, selectOver } from '../../sql/ast/frame.js';
import { query } from '../../sql/ast/node-builders.js';
import type { DataType } from '../../types/data-types.js';
import { DataFrame } from './dataframe.js';

/** A column of the input as the builders see it: its name and Spark type. */
export interface InputColumn {
  readonly name: string;
  readonly type: DataType;
}

export async function inputColumns(df: DataFrame): Promise<InputColumn[]> {
  return (await df.schema()).fields.map((f) => ({ name: f.name, type: f.dataType.type }));
}

export function deriveFrame(df: DataFrame, build: (f: Frame) => Frame | Promise<Frame>): DataFrame {
  return new DataFrame(df.sparkSession, async () => build(await df.frame()), df.qualifier, df.streamSource);
}

/** `SELECT items(columns) FROM df`. */
export function projectColumns(
  df: DataFrame,
  items: (columns: InputColumn[]) => Expression[] | Promise<Expression[]>,
): DataFrame {
  return deriveFrame(df, async (f) =>
    queryFrame(query(selectOver(f, df.qualifier, await items(await inputColumns(df))))),
  );
}

/** `SELECT * FROM df WHERE condition(columns)`. */
export function filterColumns(df: DataFrame, condition: (columns: InputColumn[]) => Expression): DataFrame {
  return deriveFrame(df, async (f) => {
    const cond = condition(await inputColumns(df));
    const { from, where } = frameSource(f, df.qualifier);
    return openFrame(from, andWhere(where, cond));
  });
}

/** Spark's NumericType: byte, short, int, long, float, double and decimal. */
export function isNumericType(t: DataType): boolean {
  return (
    (t.kind === 'primitive' && ['byte', 'short', 'integer', 'long', 'float', 'double'].includes(t.name)) ||
    t.kind === 'decimal'
  );
}

/** Spark's StringType at the DataFrame level (CHAR and VARCHAR read as STRING). */
export function isStringType(t: DataType): boolean {
  return (t.kind === 'primitive' && t.name === 'string') || t.kind === 'char' || t.kind === 'varchar';
}

export function isFloatingType(t: DataType): boolean {
  return t.kind === 'primitive' && (t.name === 'float' || t.name === 'double');
}

/** Column names resolved case-insensitively against the input; an unknown one is UNRESOLVED_COLUMN. */
export function resolveColumns(columns: readonly InputColumn[], names: readonly string[]): InputColumn[] {
  return names.map((name) => {
    const found = columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (found) return found;
    throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
      objectName: `\`${name}\``,
      proposal: columns.map((c) => `\`${c.name}\``).join(', '),
    });
  });
}
