/**
 * Spark 4's collation type coercion (CollationTypeCoercion.scala): which collation a string operation uses
 * when its inputs carry different ones.
 *
 * Every string expression has a collation and a strength: Explicit (`expr COLLATE x`), Implicit (a column,
 * a subquery, a cast of a string), Default (a literal, or a function of no string input). The strongest
 * wins; two different explicit collations are COLLATION_MISMATCH.EXPLICIT; two different implicit ones make
 * the result indeterminate (`string collate null`), which comparisons and search functions refuse with
 * INDETERMINATE_COLLATION_IN_EXPRESSION. The losers are re-typed: a literal takes the winner's collation,
 * anything else gets an implicit cast.
 */
import { LakesqlError } from '../../errors/index.js';
import { INDETERMINATE_COLLATION, parseCollationName, UTF8_BINARY } from '../../types/collation.js';
import { collatedString, type DataType, stringCollation } from '../../types/data-types.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { toSqlType } from '../types/type-sql.js';

type Strength = 'explicit' | 'indeterminate' | 'implicit' | 'default';

const PRIORITY: Readonly<Record<Strength, number>> = {
  explicit: 0,
  indeterminate: 1,
  implicit: 2,
  default: 3,
};

interface CollationContext {
  readonly collation: string;
  readonly strength: Strength;
}

/** `expr COLLATE name`: Collate takes a string (or NULL) only. */
export function collate(child: BoundExpr, collation: string, sqlExpr: string, inputSql: string): BoundExpr {
  const t = typeOf(child);
  const isNull = t.kind === 'primitive' && t.name === 'void';
  if (stringCollation(t) === undefined && !isNull) {
    throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
      sqlExpr: `"${sqlExpr}"`,
      paramIndex: 'first',
      requiredType: '"STRING"',
      inputSql: `"${inputSql}"`,
      inputType: toSqlType(t),
    });
  }
  return { kind: 'cast', child, type: collatedString(collation), mode: 'legacy', explicitCollation: true };
}

/** The collation of the first string in a type: itself, an array's element, a map's value, a struct field. */
export function innerCollation(t: DataType): string | undefined {
  switch (t.kind) {
    case 'primitive':
      return stringCollation(t);
    case 'array':
      return innerCollation(t.elementType);
    case 'map':
      return innerCollation(t.keyType) ?? innerCollation(t.valueType);
    case 'struct':
      for (const f of t.fields) {
        const c = innerCollation(f.type);
        if (c !== undefined) return c;
      }
      return undefined;
    default:
      return undefined;
  }
}

/** True when some string inside `t` has a collation other than UTF8_BINARY (SchemaUtils.hasNonUTF8BinaryCollation). */
export function hasNonBinaryCollation(t: DataType): boolean {
  switch (t.kind) {
    case 'primitive':
      return t.collation !== undefined && t.collation !== UTF8_BINARY;
    case 'array':
      return hasNonBinaryCollation(t.elementType);
    case 'map':
      return hasNonBinaryCollation(t.keyType) || hasNonBinaryCollation(t.valueType);
    case 'struct':
      return t.fields.some((f) => hasNonBinaryCollation(f.type));
    default:
      return false;
  }
}

/** `t` with every string in it given `collation` (arrays, maps and structs structurally). */
export function withCollation(t: DataType, collation: string): DataType {
  switch (t.kind) {
    case 'primitive':
      return t.name === 'string' ? collatedString(collation) : t;
    case 'array':
      return { ...t, elementType: withCollation(t.elementType, collation) };
    case 'map':
      return {
        ...t,
        keyType: withCollation(t.keyType, collation),
        valueType: withCollation(t.valueType, collation),
      };
    case 'struct':
      return { ...t, fields: t.fields.map((f) => ({ ...f, type: withCollation(f.type, collation) })) };
    default:
      return t;
  }
}

/** `t` with its strings back to UTF8_BINARY, for type rules that predate collations. */
export function withoutCollation(t: DataType): DataType {
  return hasNonBinaryCollation(t) ? withCollation(t, UTF8_BINARY) : t;
}

/** findCollationContext: the collation an expression brings to an operation, and how strongly. */
function collationContext(e: BoundExpr): CollationContext | undefined {
  const collation = innerCollation(typeOf(e));
  if (collation === undefined) return undefined;
  const of = (strength: Strength): CollationContext => ({
    collation,
    strength: collation === INDETERMINATE_COLLATION ? 'indeterminate' : strength,
  });
  switch (e.kind) {
    case 'cast':
      if (e.explicitCollation) return of('explicit');
      return of(innerCollation(typeOf(e.child)) !== undefined ? 'implicit' : 'default');
    case 'attributeRef':
    case 'outerRef':
    case 'lambdaVariable':
    case 'scalarSubquery':
      return of('implicit');
    case 'literal':
      return of('default');
    case 'getField':
    case 'subscript': {
      const child = collationContext(e.child);
      return child ? of(child.strength) : of('default');
    }
    default: {
      const children = childExpressions(e)
        .map(collationContext)
        .filter((c) => c !== undefined);
      if (children.length === 0) return of('default');
      return children.reduce((a, b) => winner(a, b));
    }
  }
}

function childExpressions(e: BoundExpr): readonly BoundExpr[] {
  switch (e.kind) {
    case 'call':
    case 'aggregate':
      return e.args;
    case 'binary':
      return [e.left, e.right];
    case 'unary':
    case 'tryEval':
      return [e.child];
    case 'case':
      return [...e.branches.map((b) => b.then), ...(e.otherwise ? [e.otherwise] : [])];
    case 'window':
      return [e.function];
    default:
      return [];
  }
}

/** getWinningStringType: the stronger context; equal strengths must agree on the collation. */
function winner(a: CollationContext, b: CollationContext): CollationContext {
  if (PRIORITY[a.strength] !== PRIORITY[b.strength])
    return PRIORITY[a.strength] < PRIORITY[b.strength] ? a : b;
  if (a.collation === b.collation) return a;
  if (a.strength === 'explicit') {
    throw new LakesqlError('COLLATION_MISMATCH.EXPLICIT', {
      explicitTypes: [a.collation, b.collation].map((c) => toSqlType(collatedString(c))).join(', '),
    });
  }
  return { collation: INDETERMINATE_COLLATION, strength: 'indeterminate' };
}

/**
 * Spark's expressions that may not take an indeterminate collation (CollationTypeCoercion
 * .canContainIndeterminateCollation): comparisons, string predicates and searches, IN.
 */
const NEEDS_DETERMINATE_COLLATION: ReadonlySet<string> = new Set([
  '=',
  '<=>',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  'in',
  'contains',
  'startswith',
  'endswith',
  'like',
  'ilike',
  'upper',
  'ucase',
  'lower',
  'lcase',
  'initcap',
  'find_in_set',
  'instr',
  'replace',
  'locate',
  'position',
  'substring_index',
  'trim',
  'btrim',
  'ltrim',
  'rtrim',
  'translate',
  'split_part',
]);

export interface CollatedArgs {
  readonly args: readonly BoundExpr[];
  /** The collation the operation uses; undefined when every input is UTF8_BINARY. */
  readonly collation: string | undefined;
}

/**
 * collateToSingleType: the operation's collation from its string inputs, and the inputs re-typed to it.
 * `name` is the operation (`=`, `contains`, …) and `sqlExpr` its SQL, for INDETERMINATE_COLLATION_IN_EXPRESSION.
 */
export function collateToSingleType(name: string, args: readonly BoundExpr[], sqlExpr: string): CollatedArgs {
  const strings = args.filter((a) => innerCollation(typeOf(a)) !== undefined);
  failOnIndeterminateInput(name, strings, sqlExpr);
  if (!strings.some((a) => hasNonBinaryCollation(typeOf(a)))) return { args, collation: undefined };
  const contexts = strings.map(collationContext).filter((c) => c !== undefined);
  if (contexts.length === 0) return { args, collation: undefined };
  const won = contexts.reduce((a, b) => winner(a, b));
  if (won.collation === INDETERMINATE_COLLATION && NEEDS_DETERMINATE_COLLATION.has(name)) {
    throw new LakesqlError('INDETERMINATE_COLLATION_IN_EXPRESSION', { expr: `"${sqlExpr}"` });
  }
  return { args: args.map((a) => changeCollation(a, won.collation)), collation: won.collation };
}

/** An input whose type is already indeterminate (concat_ws of two implicit collations) fails here too. */
export function failOnIndeterminateInput(name: string, strings: readonly BoundExpr[], sqlExpr: string): void {
  if (!NEEDS_DETERMINATE_COLLATION.has(name)) return;
  if (strings.some((a) => innerCollation(typeOf(a)) === INDETERMINATE_COLLATION)) {
    throw new LakesqlError('INDETERMINATE_COLLATION_IN_EXPRESSION', { expr: `"${sqlExpr}"` });
  }
}

/** changeType: a literal or a cast is re-typed in place, anything else is cast (implicitly). */
function changeCollation(e: BoundExpr, collation: string): BoundExpr {
  const from = typeOf(e);
  if (innerCollation(from) === undefined || innerCollation(from) === collation) return e;
  const to = withCollation(from, collation);
  if (e.kind === 'literal') return { ...e, type: to };
  if (e.kind === 'cast' && !e.explicitCollation) return { ...e, type: to };
  return { kind: 'cast', child: e, type: to, mode: 'legacy', implicit: true };
}

/** The result type of a function that returns its input's strings (upper, concat, substr …). */
export function resultWithCollation(t: DataType, collation: string | undefined): DataType {
  if (collation === undefined || collation === UTF8_BINARY || innerCollation(t) === undefined) return t;
  return withCollation(t, collation);
}

/**
 * The functions Spark coerces to one collation (CollationTypeCoercion.apply's list, by SQL name): their
 * string inputs are collated alike before they run.
 */
export const COLLATION_COERCED_FUNCTIONS: ReadonlySet<string> = new Set([
  'array',
  'array_join',
  'concat',
  'greatest',
  'least',
  'coalesce',
  'nvl',
  'ifnull',
  'array_contains',
  'array_except',
  'concat_ws',
  'mask',
  'replace',
  'translate',
  'trim',
  'btrim',
  'ltrim',
  'rtrim',
  'array_append',
  'array_intersect',
  'array_position',
  'array_remove',
  'array_union',
  'arrays_overlap',
  'contains',
  'endswith',
  'startswith',
  'find_in_set',
  'instr',
  'to_number',
  'try_to_number',
  'str_to_map',
  'levenshtein',
  'split_part',
  'lag',
  'lead',
  'regexp_replace',
  'rpad',
  'lpad',
  'overlay',
  'elt',
  'substring_index',
  'locate',
  'position',
  'if',
  'iff',
  'nullif',
  'nvl2',
]);

/** Coerced functions whose result is no string of theirs (a boolean, a position, a number, a map). */
const NON_STRING_RESULT: ReadonlySet<string> = new Set([
  'array_contains',
  'array_position',
  'arrays_overlap',
  'contains',
  'endswith',
  'startswith',
  'find_in_set',
  'instr',
  'to_number',
  'try_to_number',
  'levenshtein',
  'locate',
  'position',
]);

/**
 * Functions whose result is (made of) their input strings, so it keeps their collation (Spark's
 * `dataType = child.dataType` of Upper, Substring, ConcatWs, ArrayDistinct, Max …).
 */
export const COLLATION_PRESERVING_FUNCTIONS: ReadonlySet<string> = new Set([
  ...[...COLLATION_COERCED_FUNCTIONS].filter((f) => !NON_STRING_RESULT.has(f)),
  'upper',
  'ucase',
  'lower',
  'lcase',
  'initcap',
  'substr',
  'substring',
  'left',
  'right',
  'repeat',
  'reverse',
  'sentences',
  'split',
  'format_string',
  'printf',
  'validate_utf8',
  'try_validate_utf8',
  'make_valid_utf8',
  'regexp_extract',
  'array_distinct',
  'array_sort',
  'sort_array',
  'array_compact',
  'array_repeat',
  'slice',
  'element_at',
  'try_element_at',
  'flatten',
  'min',
  'max',
  'first',
  'first_value',
  'last',
  'last_value',
  'any_value',
  'collect_list',
  'collect_set',
  'array_agg',
  'mode',
  'min_by',
  'max_by',
  'nth_value',
  'shuffle',
]);

/**
 * Search functions take no accent-insensitive collation (their input type is Spark's
 * StringTypeNonCSAICollation): the first such argument is DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE.
 */
const ACCENT_SENSITIVE_ONLY: ReadonlySet<string> = new Set([
  'contains',
  'startswith',
  'endswith',
  'instr',
  'locate',
  'position',
  'replace',
  'split_part',
  'substring_index',
  'str_to_map',
  'translate',
  'trim',
  'btrim',
  'ltrim',
  'rtrim',
]);

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

export function checkAccentSensitiveArgs(
  name: string,
  args: readonly BoundExpr[],
  sqlExpr: string,
  argSqls: readonly string[] | undefined,
): void {
  if (!ACCENT_SENSITIVE_ONLY.has(name)) return;
  const index = args.findIndex((a) => {
    const c = innerCollation(typeOf(a));
    return c !== undefined && parseCollationName(c)?.accentInsensitive === true;
  });
  if (index < 0) return;
  throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
    sqlExpr: `"${sqlExpr}"`,
    paramIndex: ORDINALS[index] ?? `${index + 1}th`,
    requiredType: '"STRING"',
    inputSql: `"${argSqls?.[index] ?? sqlExpr}"`,
    inputType: toSqlType(typeOf(args[index]!)),
  });
}
