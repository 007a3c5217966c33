/**
 * Expression AST to Spark SQL. Compound operands are always parenthesised, so the text parses back to
 * the same tree whatever the precedence; names are always backquoted.
 */
import { assertNever } from '../../types/index.js';
import type {
  Expression,
  IntervalLiteral,
  JsonPathStep,
  Literal,
  WindowFrameBound,
  WindowRef,
  WindowSpec,
} from '../ast/expressions.js';
import type { SortItem } from '../ast/query.js';
import { printDataType } from './data-types.js';
import { printQuery } from './query.js';
import { quoteIdentifier, quoteName, quoteString } from './quoting.js';

const ATOMIC = new Set<Expression['kind']>([
  'literal',
  'interval',
  'column',
  'star',
  'function',
  'case',
  'cast',
  'extract',
  'trim',
  'scalarSubquery',
  'exists',
  'subscript',
  'fieldAccess',
  'positionalParameter',
  'namedParameter',
  'default',
  'row',
]);

/** A JSON path as Databricks writes it after `:`: `a.b[0]`, ``zip code``, `['a b'][*]`. */
export function printJsonPath(steps: readonly JsonPathStep[]): string {
  return steps
    .map((s, i) => {
      if (s.kind === 'index') return `[${s.index}]`;
      if (s.kind === 'wildcard') return '[*]';
      if (s.form === 'bracket') return `[${quoteString(s.name)}]`;
      return `${i === 0 ? '' : '.'}${s.form === 'quoted' ? quoteIdentifier(s.name) : s.name}`;
    })
    .join('');
}

function wrap(e: Expression): string {
  return ATOMIC.has(e.kind) ? printExpression(e) : `(${printExpression(e)})`;
}

export function printLiteral(v: Literal): string {
  switch (v.type) {
    case 'null':
      return 'NULL';
    case 'boolean':
      return v.value ? 'TRUE' : 'FALSE';
    case 'int':
      return String(v.value);
    case 'bigint':
      return `${v.value}L`;
    case 'smallint':
      return `${v.value}S`;
    case 'tinyint':
      return `${v.value}Y`;
    case 'decimal': {
      const neg = v.unscaled < 0n;
      const digits = (neg ? -v.unscaled : v.unscaled).toString().padStart(v.scale + 1, '0');
      const text = v.scale === 0 ? digits : `${digits.slice(0, -v.scale)}.${digits.slice(-v.scale)}`;
      return `${neg ? '-' : ''}${text}BD`;
    }
    case 'double':
      return `${v.text}D`;
    case 'float':
      return `${v.text}F`;
    case 'string':
      return quoteString(v.value);
    case 'binary':
      return `X'${Array.from(v.value, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join('')}'`;
    case 'date':
      return `DATE ${quoteString(v.value)}`;
    case 'timestamp':
      return `TIMESTAMP ${quoteString(v.value)}`;
    case 'timestamp_ntz':
      return `TIMESTAMP_NTZ ${quoteString(v.value)}`;
    case 'timestamp_ltz':
      return `TIMESTAMP_LTZ ${quoteString(v.value)}`;
    default:
      return assertNever(v);
  }
}

function intervalValue(v: string): string {
  return /^-?\d+(\.\d+)?$/.test(v) ? v : quoteString(v);
}

function printInterval(v: IntervalLiteral): string {
  switch (v.form) {
    case 'string':
      return `INTERVAL ${quoteString(v.value)}`;
    case 'units':
      return `INTERVAL ${v.units.map((u) => `${intervalValue(u.value)} ${u.unit}`).join(' ')}`;
    case 'qualified':
      return `INTERVAL ${quoteString(v.value)} ${v.from} TO ${v.to}`;
    default:
      return assertNever(v);
  }
}

export function printSortItem(s: SortItem): string {
  let out = printExpression(s.expr);
  if (s.direction) out += ` ${s.direction}`;
  if (s.nulls) out += ` NULLS ${s.nulls}`;
  return out;
}

function printBound(b: WindowFrameBound): string {
  switch (b.type) {
    case 'unboundedPreceding':
      return 'UNBOUNDED PRECEDING';
    case 'unboundedFollowing':
      return 'UNBOUNDED FOLLOWING';
    case 'currentRow':
      return 'CURRENT ROW';
    case 'preceding':
      return `${wrap(b.offset!)} PRECEDING`;
    case 'following':
      return `${wrap(b.offset!)} FOLLOWING`;
    default:
      return assertNever(b.type);
  }
}

export function printWindowSpec(w: WindowSpec | WindowRef): string {
  if (w.kind === 'windowRef') return quoteIdentifier(w.name);
  const parts: string[] = [];
  if (w.baseWindow) parts.push(quoteIdentifier(w.baseWindow));
  if (w.partitionBy.length) parts.push(`PARTITION BY ${w.partitionBy.map(printExpression).join(', ')}`);
  if (w.orderBy.length) parts.push(`ORDER BY ${w.orderBy.map(printSortItem).join(', ')}`);
  if (w.frame) {
    const kw = w.frame.type === 'rows' ? 'ROWS' : 'RANGE';
    parts.push(
      w.frame.end
        ? `${kw} BETWEEN ${printBound(w.frame.start)} AND ${printBound(w.frame.end)}`
        : `${kw} ${printBound(w.frame.start)}`,
    );
  }
  return `(${parts.join(' ')})`;
}

const not = (negated: boolean) => (negated ? 'NOT ' : '');

export function printExpression(e: Expression): string {
  switch (e.kind) {
    case 'literal':
      return printLiteral(e.value);
    case 'interval':
      return printInterval(e.value);
    case 'column':
      return quoteName(e.nameParts);
    case 'star': {
      if (e.regex !== undefined) return quoteName([...(e.qualifier ?? []), e.regex]);
      let s = e.qualifier ? `${quoteName(e.qualifier)}.*` : '*';
      if (e.except) s += ` EXCEPT (${e.except.map(quoteName).join(', ')})`;
      return s;
    }
    case 'unary':
      return e.op === 'NOT' ? `NOT ${wrap(e.operand)}` : `${e.op}(${printExpression(e.operand)})`;
    case 'binary':
      return `${wrap(e.left)} ${e.op} ${wrap(e.right)}`;
    case 'between':
      return `${wrap(e.value)} ${not(e.negated)}BETWEEN ${wrap(e.low)} AND ${wrap(e.high)}`;
    case 'inList':
      return `${wrap(e.value)} ${not(e.negated)}IN (${e.list.map(printExpression).join(', ')})`;
    case 'inSubquery': {
      const values =
        e.values.length === 1 ? wrap(e.values[0]!) : `(${e.values.map(printExpression).join(', ')})`;
      return `${values} ${not(e.negated)}IN (${printQuery(e.query)})`;
    }
    case 'like': {
      const esc = e.escape === null ? '' : ` ESCAPE ${quoteString(e.escape)}`;
      return `${wrap(e.value)} ${not(e.negated)}${e.op} ${wrap(e.pattern)}${esc}`;
    }
    case 'likeQuantified':
      return `${wrap(e.value)} ${not(e.negated)}${e.op} ${e.quantifier} (${e.patterns.map(printExpression).join(', ')})`;
    case 'rlike':
      return `${wrap(e.value)} ${not(e.negated)}RLIKE ${wrap(e.pattern)}`;
    case 'isNull':
      return `${wrap(e.value)} IS ${not(e.negated)}NULL`;
    case 'isBoolean':
      return `${wrap(e.value)} IS ${not(e.negated)}${e.truth === null ? 'UNKNOWN' : e.truth ? 'TRUE' : 'FALSE'}`;
    case 'isDistinctFrom':
      return `${wrap(e.left)} IS ${not(e.negated)}DISTINCT FROM ${wrap(e.right)}`;
    case 'function': {
      let s = `${quoteName(e.name)}(${e.distinct ? 'DISTINCT ' : ''}${e.args.map(printExpression).join(', ')})`;
      if (e.withinGroup.length)
        s += ` WITHIN GROUP (ORDER BY ${e.withinGroup.map(printSortItem).join(', ')})`;
      if (e.filter) s += ` FILTER (WHERE ${printExpression(e.filter)})`;
      if (e.nullTreatment) s += ` ${e.nullTreatment} NULLS`;
      if (e.over) s += ` OVER ${printWindowSpec(e.over)}`;
      return s;
    }
    case 'case': {
      let s = 'CASE';
      if (e.operand) s += ` ${printExpression(e.operand)}`;
      for (const w of e.whens) s += ` WHEN ${printExpression(w.condition)} THEN ${printExpression(w.result)}`;
      if (e.else) s += ` ELSE ${printExpression(e.else)}`;
      return `${s} END`;
    }
    case 'cast':
      return `${e.try ? 'TRY_CAST' : 'CAST'}(${printExpression(e.value)} AS ${printDataType(e.dataType)})`;
    case 'extract':
      return `EXTRACT(${quoteIdentifier(e.field)} FROM ${wrap(e.source)})`;
    case 'trim':
      return `TRIM(${e.side} ${e.trimChars ? `${wrap(e.trimChars)} ` : ''}FROM ${wrap(e.source)})`;
    case 'scalarSubquery':
      return `(${printQuery(e.query)})`;
    case 'exists':
      return `EXISTS (${printQuery(e.query)})`;
    case 'subscript':
      return `${wrap(e.base)}[${printExpression(e.index)}]`;
    case 'fieldAccess':
      return `${e.base.kind === 'column' ? `(${printExpression(e.base)})` : wrap(e.base)}.${quoteIdentifier(e.field)}`;
    case 'jsonPath':
      return `${wrap(e.base)}:${printJsonPath(e.steps)}`;
    case 'lambda': {
      const params =
        e.params.length === 1
          ? quoteIdentifier(e.params[0]!)
          : `(${e.params.map(quoteIdentifier).join(', ')})`;
      return `${params} -> ${printExpression(e.body)}`;
    }
    case 'namedArgument':
      return `${quoteIdentifier(e.name)} => ${printExpression(e.value)}`;
    case 'alias':
      return `${printExpression(e.expr)} AS ${quoteIdentifier(e.name)}`;
    case 'multiAlias':
      return `${printExpression(e.expr)} AS (${e.names.map(quoteIdentifier).join(', ')})`;
    case 'positionalParameter':
      return '?';
    case 'namedParameter':
      return `:${e.name}`;
    case 'default':
      return 'DEFAULT';
    case 'row':
      return `(${e.values.map(printExpression).join(', ')})`;
    case 'collate':
      return `${wrap(e.value)} COLLATE ${e.collation}`;
    default:
      return assertNever(e);
  }
}
