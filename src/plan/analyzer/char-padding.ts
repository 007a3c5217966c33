/**
 * CHAR(n) semantics on read, after Spark's ApplyCharTypePadding and CharVarcharUtils: a table keeps a CHAR
 * column as `string` with `__CHAR_VARCHAR_TYPE_STRING` = `char(n)` in the field metadata, and
 *  - every read pads its values with spaces to n characters (CharVarcharCodegenUtils.readSidePadding pads
 *    and never truncates), so a value written short by any engine reads as CHAR. Spark pads on write
 *    instead when spark.sql.readSideCharPadding is false; lakesql never pads on write, so it pads on read
 *    whatever that setting says, which is what Spark shows for rows it wrote padded;
 *  - a comparison of a CHAR column with a string constant, or of two CHAR columns of different lengths,
 *    pads the shorter side to the longer length first (ApplyCharTypePadding.padAttrLitCmp /
 *    addPaddingInStringComparison), so `c = 'a'` matches `'a    '` and trailing spaces do not matter.
 * With spark.sql.legacy.charVarcharAsString = true a CHAR column is a plain string and neither applies.
 */
import { BooleanType, type DataType, IntegerType, StringType } from '../../types/data-types.js';
import type { Attribute } from '../logical/attribute.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import type { LogicalPlan } from '../logical/logical-plan.js';
import { CHAR_VARCHAR_KEY } from '../types/sql-schema.js';
import type { QueryEnv } from './query-env.js';

const CHAR_AS_STRING = 'spark.sql.legacy.charVarcharAsString';

/** n when the attribute is a CHAR(n) column (its field metadata says so), else undefined. */
export function charLength(attr: Pick<Attribute, 'metadata'>): number | undefined {
  const raw = attr.metadata?.[CHAR_VARCHAR_KEY];
  if (typeof raw !== 'string') return undefined;
  const m = /^char\((\d+)\)$/i.exec(raw.trim());
  return m ? Number(m[1]) : undefined;
}

export function charSemanticsOn(conf: ReadonlyMap<string, string>): boolean {
  return conf.get(CHAR_AS_STRING)?.trim().toLowerCase() !== 'true';
}

/**
 * A table relation whose CHAR columns read padded: a projection over it that pads each CHAR(n) column and
 * keeps its name, qualifier and metadata (Spark's Alias with explicitMetadata), so later rules still see
 * the CHAR type. Other columns (and hidden ones) pass through as they are.
 */
export function withReadSidePadding(plan: LogicalPlan, env: QueryEnv): LogicalPlan {
  const conf = env.ctx.conf;
  if (!charSemanticsOn(conf)) return plan;
  if (!plan.output.some((a) => charLength(a) !== undefined)) return plan;
  const list = plan.output.map((attr) => {
    const n = charLength(attr);
    const ref: BoundExpr = { kind: 'attributeRef', attr };
    if (n === undefined) return { expr: ref, attr };
    return { expr: padded(ref, n, attr.type, 'readSide'), attr: env.ctx.ids.copy(attr) };
  });
  return { kind: 'project', child: plan, list, output: list.map((x) => x.attr) };
}

/**
 * `expr` padded with spaces to `n` characters. `readSide` pads only a shorter value (readSidePadding);
 * a comparison pads with rpad, which is the same for the values it sees (none is longer than n).
 */
export function padded(expr: BoundExpr, n: number, type: DataType, mode: 'readSide' | 'compare'): BoundExpr {
  const length: BoundExpr = { kind: 'literal', value: n, type: IntegerType };
  const rpad: BoundExpr = {
    kind: 'call',
    name: 'rpad',
    args: [expr, length],
    resolved: { inputTypes: [type, IntegerType], returnType: type },
    type,
  };
  if (mode === 'compare') return rpad;
  const charLengthOf: BoundExpr = {
    kind: 'call',
    name: 'char_length',
    args: [expr],
    resolved: { inputTypes: [type], returnType: IntegerType },
    type: IntegerType,
  };
  return {
    kind: 'case',
    branches: [
      {
        when: { kind: 'binary', op: '<', left: charLengthOf, right: length, type: BooleanType },
        then: rpad,
      },
    ],
    otherwise: expr,
    type,
  };
}

const COMPARISONS = new Set(['=', '<=>', '<>', '!=', '<', '<=', '>', '>=']);

/**
 * The operands of a comparison with CHAR padding applied (ApplyCharTypePadding): a CHAR(n) column against a
 * string constant of length L compares both at max(n, L) characters; two CHAR columns of different lengths
 * compare at the longer length. Anything else is left as it is.
 */
export function padCharComparison(
  op: string,
  left: BoundExpr,
  right: BoundExpr,
  conf: ReadonlyMap<string, string>,
): [BoundExpr, BoundExpr] {
  if (!COMPARISONS.has(op) || !charSemanticsOn(conf)) return [left, right];
  const l = charColumnLength(left, true);
  const r = charColumnLength(right, true);
  if (l !== undefined && r === undefined) {
    const lit = padLiteralComparison(left, l, right);
    return lit ? [lit[0], lit[1]] : [left, right];
  }
  if (r !== undefined && l === undefined) {
    const lit = padLiteralComparison(right, r, left);
    return lit ? [lit[1], lit[0]] : [left, right];
  }
  // Two columns: only plain attributes (not outer references), as addPaddingInStringComparison takes them.
  const la = charColumnLength(left, false);
  const ra = charColumnLength(right, false);
  if (la === undefined || ra === undefined || la === ra) return [left, right];
  const target = Math.max(la, ra);
  return [
    la < target ? padded(left, target, StringType, 'compare') : left,
    ra < target ? padded(right, target, StringType, 'compare') : right,
  ];
}

/** The CHAR length of a (possibly outer) column reference, else undefined. */
function charColumnLength(e: BoundExpr, allowOuter: boolean): number | undefined {
  if (e.kind === 'attributeRef' || (allowOuter && e.kind === 'outerRef')) {
    return e.attr.type.kind === 'primitive' && e.attr.type.name === 'string' ? charLength(e.attr) : undefined;
  }
  return undefined;
}

/** [column, constant] padded to the longer of n and the constant's length, or undefined when not a string constant. */
function padLiteralComparison(
  column: BoundExpr,
  n: number,
  other: BoundExpr,
): [BoundExpr, BoundExpr] | undefined {
  if (other.kind !== 'literal' || typeof other.value !== 'string') return undefined;
  // Spark counts characters as code points (UTF8String.numChars).
  const length = [...other.value].length;
  if (n < length) return [padded(column, length, StringType, 'compare'), other];
  if (n > length) return [column, { ...other, value: other.value + ' '.repeat(n - length) }];
  return undefined;
}
