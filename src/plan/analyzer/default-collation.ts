/**
 * A view's DEFAULT COLLATION (Spark's ResolveDefaultStringTypes, applied to CREATE VIEW … DEFAULT COLLATION
 * and to ALTER VIEW … AS of such a view): inside the view's query every string literal and every cast to a
 * plain STRING gets that collation instead of UTF8_BINARY. Columns read from tables keep their own, and a
 * literal keeps its Default strength (collation-coercion.ts), so `c = 'A'` still follows the column.
 *
 * Known gap: `STRING COLLATE UTF8_BINARY` parses to the plain StringType, so a cast written with it inside
 * such a view takes the view's collation too (Spark keeps UTF8_BINARY there).
 */
import { UTF8_BINARY } from '../../types/collation.js';
import { collatedString, type DataType } from '../../types/data-types.js';
import type { AnalyzerContext } from './analyzer-context.js';

/** The context a view's query is analyzed in: the view's default collation, or none. */
export function withDefaultCollation(ctx: AnalyzerContext, collation: string | undefined): AnalyzerContext {
  if (ctx.defaultCollation === collation) return ctx;
  const { defaultCollation: _, ...rest } = ctx;
  return collation === undefined ? rest : { ...rest, defaultCollation: collation };
}

/** `t` with each string that names no collation given the context's default collation. */
export function withDefaultStringType(t: DataType, ctx: AnalyzerContext): DataType {
  const collation = ctx.defaultCollation;
  if (collation === undefined || collation === UTF8_BINARY) return t;
  return replaceDefaultStrings(t, collation);
}

function replaceDefaultStrings(t: DataType, collation: string): DataType {
  switch (t.kind) {
    case 'primitive':
      return t.name === 'string' && t.collation === undefined ? collatedString(collation) : t;
    case 'array':
      return { ...t, elementType: replaceDefaultStrings(t.elementType, collation) };
    case 'map':
      return {
        ...t,
        keyType: replaceDefaultStrings(t.keyType, collation),
        valueType: replaceDefaultStrings(t.valueType, collation),
      };
    case 'struct':
      return {
        ...t,
        fields: t.fields.map((f) => ({ ...f, type: replaceDefaultStrings(f.type, collation) })),
      };
    default:
      return t;
  }
}
