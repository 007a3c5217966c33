/**
 * Spark's generated column names: `toPrettySQL(expr)` of the expression as written (with `usePrettyExpression`:
 * attributes by name, string and numeric literals bare, implicit casts invisible). `SELECT a + 1` is named
 * `(a + 1)`, `count(*)` is `count(1)`, `SELECT 'x'` is `x`.
 */
import { normalizeTimestamp } from '../../formats/datetime-text.js';
import type { Expression, IntervalLiteral, Literal } from '../../sql/ast/expressions.js';
import type { SortItem } from '../../sql/ast/query.js';
import { printJsonPath } from '../../sql/printer/expressions.js';
import { type DataType, sqlTypeName } from '../../types/data-types.js';
import {
  calendarIntervalText,
  dayTimeIntervalText,
  yearMonthIntervalText,
} from '../../types/interval-text.js';
import { javaFloatToString } from '../../types/java-double-text.js';
import { taggedValue } from '../../types/value.js';
import { lookupFunction } from '../functions/registry.js';
import { castAliasType } from './cast-aliases.js';
import { intervalExpr } from './intervals.js';

/**
 * The name a column reference had once resolved: its attribute's name and any struct fields, without the
 * relation qualifier (`t.a` is named `a`, as Spark's pretty attributes are). Filled in by the analyzer.
 */
export const resolvedColumnNames = new WeakMap<Expression, string>();
/** Column references the analyzer resolved as functions written without parentheses (`current_user`). */
export const resolvedLiteralFunctions = new WeakMap<Expression, string>();

/** Calls whose generated name depends on resolved types (lpad of binary shows its default pad `X'00'`). */
export const resolvedCallNames = new WeakMap<Expression, string>();

/**
 * Literals as Spark's Literal.sql prints them once analysis has typed them: timestamps by their value (an
 * instant in the session time zone, or a wall clock) and the type spark.sql.timestampType gave a bare
 * TIMESTAMP; strings that collation coercion gave a collation as `'a' collate UTF8_LCASE`.
 */
export const resolvedLiteralSql = new WeakMap<Expression, string>();

export function prettySql(e: Expression): string {
  switch (e.kind) {
    case 'literal':
      return resolvedLiteralSql.get(e) ?? literalSql(e.value);
    case 'interval':
      return intervalLiteralSql(e.value);
    case 'column':
      return resolvedColumnNames.get(e) ?? e.nameParts.join('.');
    case 'star':
      if (e.regex !== undefined) return [...(e.qualifier ?? []), e.regex].join('.');
      return e.qualifier ? `${e.qualifier.join('.')}.*` : '*';
    case 'unary':
      if (e.op === 'NOT') return `(NOT ${prettySql(e.operand)})`;
      if (e.op === '~') return `~${prettySql(e.operand)}`;
      return `(${e.op} ${prettySql(e.operand)})`;
    case 'binary': {
      const rewritten = resolvedCallNames.get(e);
      if (rewritten !== undefined) return rewritten;
      const l = prettySql(e.left);
      const r = prettySql(e.right);
      if (e.op === '||') return `concat(${l}, ${r})`;
      if (e.op === '<>') return `(NOT (${l} = ${r}))`;
      if (e.op === 'DIV') return `(${l} div ${r})`;
      return `(${l} ${e.op} ${r})`;
    }
    case 'between': {
      const v = prettySql(e.value);
      // Spark 4 parses BETWEEN as the function `between` (a RuntimeReplaceable), so it prints as a call.
      const s = `between(${v}, ${prettySql(e.low)}, ${prettySql(e.high)})`;
      return e.negated ? `(NOT ${s})` : s;
    }
    case 'inList': {
      const expanded = resolvedCallNames.get(e);
      if (expanded !== undefined) return expanded;
      const s = `(${prettySql(e.value)} IN (${e.list.map(prettySql).join(', ')}))`;
      return e.negated ? `(NOT ${s})` : s;
    }
    case 'inSubquery': {
      const named = resolvedCallNames.get(e);
      if (named !== undefined) return named;
      const v =
        e.values.length === 1
          ? prettySql(e.values[0]!)
          : `named_struct(${e.values.map(prettySql).join(', ')})`;
      const s = `(${v} IN (listquery()))`;
      return e.negated ? `(NOT ${s})` : s;
    }
    case 'like': {
      // ILIKE is a function in Spark (ILike, a RuntimeReplaceable): `ilike(a, b)`, its escape not shown.
      const s =
        e.op === 'ILIKE'
          ? `ilike(${prettySql(e.value)}, ${prettySql(e.pattern)})`
          : `${prettySql(e.value)} ${e.op} ${prettySql(e.pattern)}${e.escape !== null ? ` ESCAPE '${e.escape}'` : ''}`;
      return e.negated ? `(NOT ${s})` : s;
    }
    case 'likeQuantified': {
      const s = `${prettySql(e.value)} ${e.negated ? 'NOT ' : ''}${e.op} ${e.quantifier} (${e.patterns.map(prettySql).join(', ')})`;
      return s;
    }
    case 'rlike': {
      const s = `RLIKE(${prettySql(e.value)}, ${prettySql(e.pattern)})`;
      return e.negated ? `(NOT ${s})` : s;
    }
    case 'isNull':
      return `(${prettySql(e.value)} IS ${e.negated ? 'NOT ' : ''}NULL)`;
    case 'isBoolean': {
      // AstBuilder turns IS [NOT] TRUE/FALSE into [NOT] (x <=> true); only UNKNOWN keeps its own form.
      if (e.truth === null) return `(${prettySql(e.value)} IS ${e.negated ? 'NOT ' : ''}UNKNOWN)`;
      const s = `(${prettySql(e.value)} <=> ${e.truth})`;
      return e.negated ? `(NOT ${s})` : s;
    }
    case 'isDistinctFrom': {
      const s = `(${prettySql(e.left)} <=> ${prettySql(e.right)})`;
      return e.negated ? s : `(NOT ${s})`;
    }
    case 'function': {
      const resolvedName = resolvedCallNames.get(e);
      if (resolvedName !== undefined) return resolvedName;
      const written = e.name.join('.').toLowerCase();
      if (castAliasType(written) && e.args.length === 1 && !e.distinct && !e.filter && !e.over) {
        return prettySql(e.args[0]!);
      }
      const sig = lookupFunction(written);
      const first = e.args[0];
      const isCountStar =
        written === 'count' && e.args.length === 1 && first?.kind === 'star' && first.regex === undefined;
      const args = isCountStar ? ['1'] : e.args.map(prettySql);
      if (written === 'if' && !e.distinct) return `(IF(${args.join(', ')}))`;
      const name = e.withinGroup.length
        ? withinGroupName(written, sig?.name ?? written, args, e.distinct, e.withinGroup)
        : sig?.prettyName && sig.kind === 'aggregate' && e.distinct
          ? sig.prettyName(args, written).replace('(', '(DISTINCT ')
          : sig?.prettyName && !e.distinct
            ? sig.prettyName(args, written)
            : `${written}(${e.distinct ? 'DISTINCT ' : ''}${args.join(', ')})`;
      const filter = e.filter ? ` FILTER (WHERE ${prettySql(e.filter)})` : '';
      if (!e.over) return `${name}${filter}`;
      const spec =
        e.over.kind === 'windowRef' ? resolvedWindowSpecs.get(e) : (resolvedWindowSpecs.get(e) ?? e.over);
      if (!spec) return `${name}${filter} OVER (${e.over.kind === 'windowRef' ? e.over.name : ''})`;
      return `${windowFunctionName(written, args, name)}${filter} OVER (${windowSql(spec, written, args)})`;
    }
    case 'case': {
      const operand = e.operand ? ` ${prettySql(e.operand)}` : '';
      const whens = e.whens
        .map((w) => ` WHEN ${prettySql(w.condition)} THEN ${prettySql(w.result)}`)
        .join('');
      const otherwise = e.else ? ` ELSE ${prettySql(e.else)}` : '';
      return `CASE${operand}${whens}${otherwise} END`;
    }
    case 'cast':
      // Cast.sql prints a cast to ARRAY, MAP or STRUCT as its child alone (HiveQL has no such casts).
      if (e.dataType.kind === 'array' || e.dataType.kind === 'map' || e.dataType.kind === 'struct')
        return prettySql(e.value);
      return `${e.try ? 'TRY_CAST' : 'CAST'}(${prettySql(e.value)} AS ${typeSql(e.dataType)})`;
    case 'collate':
      // Collate's prettyName with the name as written (`collate(a, utf8_lcase)`).
      return `collate(${prettySql(e.value)}, ${e.written})`;
    case 'extract':
      // Spark's Extract.makeSQLString joins its two parameters with FROM (date_part's alias with a comma).
      return `extract(${e.field} FROM ${prettySql(e.source)})`;
    case 'trim':
      // StringTrim / StringTrimLeft / StringTrimRight print their trim string in SQL's own form.
      if (e.trimChars) return `TRIM(${e.side} ${prettySql(e.trimChars)} FROM ${prettySql(e.source)})`;
      return `${e.side === 'BOTH' ? 'trim' : e.side === 'LEADING' ? 'ltrim' : 'rtrim'}(${prettySql(e.source)})`;
    case 'scalarSubquery':
      return resolvedCallNames.get(e) ?? 'scalarsubquery()';
    case 'exists':
      return resolvedCallNames.get(e) ?? 'exists()';
    case 'subscript':
      return `${prettySql(e.base)}[${prettySql(e.index)}]`;
    case 'fieldAccess':
      return `${prettySql(e.base)}.${e.field}`;
    case 'jsonPath':
      return `${prettySql(e.base)}:${printJsonPath(e.steps)}`;
    case 'lambda':
      return `lambdafunction(${prettySql(e.body)}, ${e.params.join(', ')})`;
    case 'namedArgument':
      return prettySql(e.value);
    case 'alias':
      // Alias.sql: `child AS name`, the name backquoted unless a plain identifier (struct(a AS x)).
      return `${prettySql(e.expr)} AS ${/^[A-Za-z_][A-Za-z0-9_]*$/.test(e.name) ? e.name : `\`${e.name.replaceAll('`', '``')}\``}`;
    case 'multiAlias':
      return prettySql(e.expr);
    case 'positionalParameter':
      return '?';
    case 'namedParameter':
      return `:${e.name}`;
    case 'default':
      return 'DEFAULT';
    case 'row':
      return `named_struct(${e.values.map(prettySql).join(', ')})`;
    default: {
      const never: never = e;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Spark's sql of an aggregate with WITHIN GROUP: percentile_cont/percentile_disc print `(ORDER BY x[ DESC])`;
 * mode prints the opposite direction (its `reverse` flag is set for an ascending order, Mode.sql); listagg
 * prints its sort orders in full and its delimiter (NULL by default).
 */
function withinGroupName(
  written: string,
  canonical: string,
  args: readonly string[],
  distinct: boolean,
  orders: readonly SortItem[],
): string {
  const d = distinct ? 'DISTINCT ' : '';
  const first = orders[0];
  if ((canonical === 'percentile_cont' || canonical === 'percentile_disc') && first && orders.length === 1)
    return `${written}(${d}${args.join(', ')}) WITHIN GROUP (ORDER BY ${prettySql(first.expr)}${first.direction === 'DESC' ? ' DESC' : ''})`;
  if (canonical === 'mode' && first && orders.length === 1 && args.length === 0)
    return `${written}() WITHIN GROUP (ORDER BY ${prettySql(first.expr)}${first.direction === 'DESC' ? '' : ' DESC'})`;
  if (canonical === 'listagg') {
    const full = args.length === 1 ? [...args, 'NULL'] : args;
    const keys = orders.map((o) => {
      const asc = o.direction !== 'DESC';
      const nullsFirst = o.nulls ? o.nulls === 'FIRST' : asc;
      return `${prettySql(o.expr)} ${asc ? 'ASC' : 'DESC'} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`;
    });
    return `${written}(${d}${full.join(', ')}) WITHIN GROUP (ORDER BY ${keys.join(', ')})`;
  }
  return `${written}(${d}${args.join(', ')})`;
}

/** The name an output column gets: its alias, the last part of a column or field name, else its pretty SQL. */
export function outputName(e: Expression): string {
  if (e.kind === 'alias') return e.name;
  if (e.kind === 'column') return resolvedLiteralFunctions.get(e) ?? e.nameParts[e.nameParts.length - 1]!;
  // `(col).f` is the attribute col.f (named f); a field of any other value is an ExtractValue, which
  // ResolveAliases names by its pretty SQL (`from_json(a).b`, `struct(x AS y).y`).
  if (e.kind === 'fieldAccess' && e.base.kind === 'column') return e.field;
  return prettySql(e);
}

/** Named windows (`OVER w`, `OVER (w ORDER BY …)`) as the analyzer resolved them, for generated names. */
export const resolvedWindowSpecs = new WeakMap<Expression, WindowSpecAst>();

type WindowSpecAst = Extract<
  NonNullable<Extract<Expression, { kind: 'function' }>['over']>,
  { kind: 'windowSpec' }
>;

/** Spark's ranking functions print upper-case; lag/lead show their default offset and default value. */
function windowFunctionName(written: string, args: readonly string[], name: string): string {
  const upper: Record<string, string> = {
    rank: 'RANK',
    dense_rank: 'DENSE_RANK',
    percent_rank: 'PERCENT_RANK',
  };
  if (upper[written]) return `${upper[written]}(${args.join(', ')})`;
  if (written === 'lag' || written === 'lead') {
    const full = [args[0] ?? '', args[1] ?? '1', args[2] ?? 'NULL'];
    return `${written}(${full.join(', ')})`;
  }
  return name;
}

/** The frame Spark gives a window function that has none written (its `frame` in the generated name). */
function implicitFrame(written: string, args: readonly string[], hasOrder: boolean): string {
  if (['rank', 'dense_rank', 'percent_rank', 'row_number', 'ntile'].includes(written)) {
    return 'ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW';
  }
  if (written === 'cume_dist') return 'RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW';
  if (written === 'lag' || written === 'lead') {
    const n = args[1] ?? '1';
    const offset = written === 'lag' ? (n.startsWith('-') ? n.slice(1) : `-${n}`) : n;
    return `ROWS BETWEEN ${offset} FOLLOWING AND ${offset} FOLLOWING`;
  }
  return hasOrder
    ? 'RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW'
    : 'ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING';
}

/** Spark's WindowSpecDefinition.sql of a written window spec with its frame: `(PARTITION BY a ROWS …)`. */
export function windowSpecSql(w: WindowSpecAst): string {
  return `(${windowSql(w)})`;
}

function windowSql(w: WindowSpecAst, written = '', args: readonly string[] = []): string {
  const parts: string[] = [];
  if (w.partitionBy.length) parts.push(`PARTITION BY ${w.partitionBy.map(prettySql).join(', ')}`);
  if (w.orderBy.length) {
    parts.push(
      `ORDER BY ${w.orderBy
        .map((o) => {
          const asc = o.direction !== 'DESC';
          const nullsFirst = o.nulls ? o.nulls === 'FIRST' : asc;
          return `${prettySql(o.expr)} ${asc ? 'ASC' : 'DESC'} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`;
        })
        .join(', ')}`,
    );
  }
  if (!w.frame) {
    parts.push(implicitFrame(written, args, w.orderBy.length > 0));
    return parts.join(' ');
  }
  const unit = w.frame.type.toUpperCase();
  const bound = (b: { type: string; offset: Expression | null } | null | undefined, dflt: string) => {
    if (!b) return dflt;
    switch (b.type) {
      case 'unboundedPreceding':
        return 'UNBOUNDED PRECEDING';
      case 'unboundedFollowing':
        return 'UNBOUNDED FOLLOWING';
      case 'currentRow':
        return 'CURRENT ROW';
      default:
        return `${prettySql(b.offset!)} ${b.type === 'preceding' ? 'PRECEDING' : 'FOLLOWING'}`;
    }
  };
  const start = bound(w.frame?.start, 'UNBOUNDED PRECEDING');
  const end = bound(
    w.frame?.end,
    w.frame ? 'CURRENT ROW' : w.orderBy.length ? 'CURRENT ROW' : 'UNBOUNDED FOLLOWING',
  );
  parts.push(`${unit} BETWEEN ${start} AND ${end}`);
  return parts.join(' ');
}

function literalSql(l: Literal): string {
  switch (l.type) {
    case 'null':
      return 'NULL';
    case 'boolean':
      return String(l.value);
    case 'tinyint':
    case 'smallint':
    case 'int':
    case 'bigint':
      return String(l.value);
    case 'decimal':
      return javaBigDecimalText(l.unscaled, l.scale);
    case 'double':
      return javaDouble(l.value);
    case 'float':
      // Literal.sql of a FLOAT prints Float.toString: the float's own shortest digits (`1.2`).
      return javaFloatToString(l.value);
    case 'string':
      return l.value;
    case 'binary':
      return `X'${[...l.value].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('')}'`;
    case 'date':
      return `DATE '${dateLiteralText(l.value)}'`;
    case 'timestamp':
    case 'timestamp_ltz':
      return `TIMESTAMP '${timestampLiteralText(l.value)}'`;
    case 'timestamp_ntz':
      return `TIMESTAMP_NTZ '${timestampLiteralText(l.value)}'`;
    default: {
      const never: never = l;
      throw new Error(`unknown literal ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Literal.sql prints a date or timestamp by its value, not as written: `yyyy-MM-dd` and
 * `yyyy-MM-dd HH:mm:ss` with the fraction of a second only when it is not zero, trailing zeros dropped
 * (TimestampFormatter.getFractionFormatter). Text with a zone is shown as written: its value depends on the
 * session time zone, which naming does not know.
 */
function timestampLiteralText(text: string): string {
  const normal = normalizeTimestamp(text);
  if (normal === undefined || normal.length !== 26) return text;
  return normal.replace(/\.?0+$/, '');
}

function dateLiteralText(text: string): string {
  const m = /^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?\s*$/.exec(text);
  if (!m) return text;
  return `${m[1]}-${(m[2] ?? '1').padStart(2, '0')}-${(m[3] ?? '1').padStart(2, '0')}`;
}

/**
 * Java's BigDecimal.toString, which Literal.sql prints for a decimal: plain digits unless the scale is
 * negative or the adjusted exponent (-scale + digits - 1) is below -6, then `d.dddE±n` (`1.2345678E-8`).
 */
function javaBigDecimalText(unscaled: bigint, scale: number): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString();
  const adjusted = -scale + digits.length - 1;
  let text: string;
  if (scale >= 0 && adjusted >= -6) {
    const padded = digits.padStart(scale + 1, '0');
    text = scale === 0 ? padded : `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
  } else {
    const mantissa = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
    text = `${mantissa}E${adjusted >= 0 ? '+' : ''}${adjusted}`;
  }
  return neg ? `-${text}` : text;
}

/** Java's Double.toString for the common cases (`1.0`, `1.0E10`, `1.0E-5`). */
function javaDouble(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(v);
  if (abs !== 0 && (abs >= 1e7 || abs < 1e-3)) {
    const [mant, exp] = v.toExponential().split('e') as [string, string];
    return `${mant.includes('.') ? mant : `${mant}.0`}E${Number(exp)}`;
  }
  const s = String(v);
  return s.includes('.') || s.includes('e') ? s : `${s}.0`;
}

/** Spark's `DataType.sql`: upper-case names (`INT`, `DECIMAL(10,2)`, `ARRAY<INT>`, `STRUCT<a: INT>`). */
export function typeSql(t: DataType): string {
  switch (t.kind) {
    case 'array':
      return `ARRAY<${typeSql(t.elementType)}>`;
    case 'map':
      return `MAP<${typeSql(t.keyType)}, ${typeSql(t.valueType)}>`;
    case 'struct':
      return `STRUCT<${t.fields.map((f) => `${f.name}: ${typeSql(f.type)}`).join(', ')}>`;
    default:
      return sqlTypeName(t).toUpperCase();
  }
}

/**
 * Literal.sql of an interval: its value in Spark's ANSI text (`INTERVAL '02' SECOND`, `INTERVAL '1-2' YEAR TO
 * MONTH`), or `INTERVAL '<CalendarInterval#toString>'`, whatever the spelling it was written in. An interval
 * the analyzer will reject keeps its spelling here; the analyzer raises the error.
 */
function intervalLiteralSql(lit: IntervalLiteral): string {
  try {
    const bound = intervalExpr(lit);
    if (bound.kind === 'literal') {
      const { value, type } = bound;
      if (type.kind === 'yearMonthInterval')
        return yearMonthIntervalText(Number(value), 'ansi', type.startField, type.endField);
      if (type.kind === 'dayTimeInterval')
        return dayTimeIntervalText(BigInt(value as bigint), 'ansi', type.startField, type.endField);
      const v = taggedValue(value);
      if (v?.kind === 'calendarInterval') return `INTERVAL '${calendarIntervalText(v)}'`;
    }
  } catch {
    // fall through to the spelling
  }
  return lit.form === 'units'
    ? `INTERVAL ${lit.units.map((u) => `'${u.value.replace(/^'|'$/g, '')}' ${u.unit}`).join(' ')}`
    : lit.form === 'qualified'
      ? `INTERVAL '${lit.value}' ${lit.from} TO ${lit.to}`
      : `INTERVAL '${lit.value}'`;
}
