/**
 * Column DEFAULT values (Spark's ResolveDefaultColumns; Delta's `allowColumnDefaults` table feature):
 * stored as the `CURRENT_DEFAULT` field metadata holding the expression text; the `DEFAULT` keyword in a
 * VALUES row or a SELECT list of INSERT (and in UPDATE / MERGE assignments) stands for that expression, or
 * NULL when the column has none; a column an INSERT omits gets it too.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { Query, QueryBody } from '../../sql/ast/query.js';
import { parseExpression } from '../../sql/index.js';
import type { StructField } from '../../types/data-types.js';
import { defaultText } from './column-metadata.js';

const NO_SPAN = { start: 0, end: 0 };
const NULL_LITERAL: Expression = { kind: 'literal', value: { type: 'null' }, span: NO_SPAN };

/** The expression a column's DEFAULT stands for: its CURRENT_DEFAULT, else NULL. */
export function defaultExpression(f: StructField): Expression {
  const text = defaultText(f);
  return text === undefined ? NULL_LITERAL : parseExpression(text);
}

export function hasDefault(f: StructField): boolean {
  return defaultText(f) !== undefined;
}

/**
 * Replaces the `DEFAULT` keyword at position i of each VALUES row (or of the SELECT list) with the default
 * of `targets[i]`. Only the outermost VALUES / SELECT of the INSERT's query may use it, as in Spark.
 */
export function replaceDefaultKeywords(query: Query, targets: readonly (StructField | undefined)[]): Query {
  const at = (e: Expression, i: number): Expression => {
    const inner = e.kind === 'alias' ? e.expr : e;
    if (inner.kind !== 'default') return e;
    const f = targets[i];
    return f ? defaultExpression(f) : NULL_LITERAL;
  };
  const body = (b: QueryBody): QueryBody => {
    switch (b.kind) {
      case 'values':
        return { ...b, rows: b.rows.map((r) => r.map(at)) };
      case 'select':
        return { ...b, items: b.items.map(at) };
      case 'query':
        return replaceDefaultKeywords(b, targets);
      case 'setOperation':
      case 'tableQuery':
        return b;
      default: {
        const never: never = b;
        return never;
      }
    }
  };
  return { ...query, body: body(query.body) };
}

/**
 * Delta refuses a column DEFAULT unless the table has the `allowColumnDefaults` feature
 * (`delta.feature.allowColumnDefaults = 'supported'`): DeltaErrors.wrongColumnDefaultsForDeltaFeatureNotEnabled.
 */
export function assertColumnDefaultsAllowed(
  properties: Readonly<Record<string, string>>,
  commandType: string,
): void {
  const v = properties['delta.feature.allowColumnDefaults']?.toLowerCase();
  if (v !== 'supported' && v !== 'enabled') {
    throw new LakesqlError('WRONG_COLUMN_DEFAULTS_FOR_DELTA_FEATURE_NOT_ENABLED', { commandType });
  }
}
