/** Query AST to Spark SQL (see expressions.ts for the parenthesising rule). */
import { assertNever } from '../../types/index.js';
import type {
  GroupBy,
  GroupingSetItem,
  Query,
  QueryBody,
  Relation,
  SampleMethod,
  Select,
  TableAlias,
  TableSample,
} from '../ast/query.js';
import { printExpression, printSortItem, printWindowSpec } from './expressions.js';
import { quoteIdentifier, quoteName } from './quoting.js';

const list = <T>(xs: readonly T[], f: (x: T) => string) => xs.map(f).join(', ');

export function printQuery(q: Query): string {
  const parts: string[] = [];
  if (q.with) {
    const ctes = q.with.ctes.map(
      (c) =>
        `${quoteIdentifier(c.name)}${c.columns ? `(${list(c.columns, quoteIdentifier)})` : ''} AS (${printQuery(c.query)})`,
    );
    parts.push(`WITH ${q.with.recursive ? 'RECURSIVE ' : ''}${ctes.join(', ')}`);
  }
  parts.push(printBody(q.body, false));
  if (q.orderBy.length) parts.push(`ORDER BY ${list(q.orderBy, printSortItem)}`);
  if (q.clusterBy.length) parts.push(`CLUSTER BY ${list(q.clusterBy, printExpression)}`);
  if (q.distributeBy.length) parts.push(`DISTRIBUTE BY ${list(q.distributeBy, printExpression)}`);
  if (q.sortBy.length) parts.push(`SORT BY ${list(q.sortBy, printSortItem)}`);
  if (q.limit) parts.push(`LIMIT ${printExpression(q.limit)}`);
  if (q.offset) parts.push(`OFFSET ${printExpression(q.offset)}`);
  return parts.join(' ');
}

function printBody(b: QueryBody, operand: boolean): string {
  switch (b.kind) {
    case 'select':
      return printSelect(b);
    case 'setOperation': {
      const s = `${printBody(b.left, true)} ${b.op}${b.all ? ' ALL' : ''} ${printBody(b.right, true)}`;
      return operand ? `(${s})` : s;
    }
    case 'values':
      return `VALUES ${b.rows.map((r) => `(${list(r, printExpression)})`).join(', ')}`;
    case 'tableQuery':
      return `TABLE ${quoteName(b.name.parts)}`;
    case 'query':
      return `(${printQuery(b)})`;
    default:
      return assertNever(b);
  }
}

function printGroupingSet(s: GroupingSetItem): string {
  switch (s.kind) {
    case 'set':
      return `(${list(s.exprs, printExpression)})`;
    case 'groupingSets':
      return `GROUPING SETS (${list(s.sets, printGroupingSet)})`;
    default:
      return `${s.kind.toUpperCase()}(${list(s.sets, (x) => `(${list(x, printExpression)})`)})`;
  }
}

function printGroupBy(g: GroupBy): string {
  if (g.all) return 'GROUP BY ALL';
  const elements = g.elements.map((e) => {
    switch (e.kind) {
      case 'expression':
        return printExpression(e.expr);
      case 'rollup':
      case 'cube':
        return `${e.kind.toUpperCase()}(${list(e.sets, (x) => `(${list(x, printExpression)})`)})`;
      case 'groupingSets':
        return `GROUPING SETS (${list(e.sets, printGroupingSet)})`;
      default:
        return assertNever(e);
    }
  });
  return `GROUP BY ${elements.join(', ')}${g.with ? ` WITH ${g.with}` : ''}`;
}

function printSelect(s: Select): string {
  const parts = ['SELECT'];
  if (s.hints.length) {
    parts.push(
      `/*+ ${list(s.hints, (h) => `${h.name}${h.args.length ? `(${list(h.args, printExpression)})` : ''}`)} */`,
    );
  }
  if (s.distinct) parts.push('DISTINCT');
  parts.push(list(s.items, printExpression));
  if (s.from.length) parts.push(`FROM ${list(s.from, printRelation)}`);
  for (const lv of s.lateralViews) {
    let v = `LATERAL VIEW ${lv.outer ? 'OUTER ' : ''}${printExpression(lv.generator)}`;
    if (lv.tableAlias) v += ` ${quoteIdentifier(lv.tableAlias)}`;
    if (lv.columnAliases.length) v += ` AS ${list(lv.columnAliases, quoteIdentifier)}`;
    parts.push(v);
  }
  if (s.pivot) {
    const pv = s.pivot;
    const cols =
      pv.columns.length === 1 ? printExpression(pv.columns[0]!) : `(${list(pv.columns, printExpression)})`;
    parts.push(
      `PIVOT (${list(pv.aggregates, printExpression)} FOR ${cols} IN (${list(pv.values, printExpression)}))${printAlias(pv.alias)}`,
    );
  }
  if (s.unpivot) {
    const u = s.unpivot;
    const values =
      u.valueColumns.length === 1
        ? quoteIdentifier(u.valueColumns[0]!)
        : `(${list(u.valueColumns, quoteIdentifier)})`;
    const cols = list(u.columns, (c) => {
      const names = c.columns.length === 1 ? quoteName(c.columns[0]!) : `(${list(c.columns, quoteName)})`;
      return c.alias ? `${names} AS ${quoteIdentifier(c.alias)}` : names;
    });
    parts.push(
      `UNPIVOT ${u.includeNulls ? 'INCLUDE' : 'EXCLUDE'} NULLS (${values} FOR ${quoteIdentifier(u.nameColumn)} IN (${cols}))${printAlias(u.alias)}`,
    );
  }
  if (s.where) parts.push(`WHERE ${printExpression(s.where)}`);
  if (s.groupBy) parts.push(printGroupBy(s.groupBy));
  if (s.having) parts.push(`HAVING ${printExpression(s.having)}`);
  if (s.windows.length) {
    parts.push(
      `WINDOW ${list(s.windows, (w) => `${quoteIdentifier(w.name)} AS ${printWindowSpec(w.spec)}`)}`,
    );
  }
  if (s.qualify) parts.push(`QUALIFY ${printExpression(s.qualify)}`);
  return parts.join(' ');
}

function printAlias(a: TableAlias | null): string {
  if (!a) return '';
  return ` AS ${quoteIdentifier(a.name)}${a.columns.length ? `(${list(a.columns, quoteIdentifier)})` : ''}`;
}

function printSample(s: TableSample | null): string {
  if (!s) return '';
  const seed = s.seed === null ? '' : ` REPEATABLE (${s.seed})`;
  return ` TABLESAMPLE (${printSampleMethod(s)})${seed}`;
}

function printSampleMethod(s: SampleMethod): string {
  switch (s.kind) {
    case 'percent':
      return `${s.percent} PERCENT`;
    case 'rows':
      return `${printExpression(s.rows)} ROWS`;
    case 'bucket':
      return `BUCKET ${s.numerator} OUT OF ${s.denominator}`;
    default:
      return assertNever(s);
  }
}

const JOIN_WORDS = {
  INNER: 'INNER JOIN',
  CROSS: 'CROSS JOIN',
  LEFT: 'LEFT OUTER JOIN',
  RIGHT: 'RIGHT OUTER JOIN',
  FULL: 'FULL OUTER JOIN',
  SEMI: 'LEFT SEMI JOIN',
  ANTI: 'LEFT ANTI JOIN',
} as const;

export function printRelation(r: Relation): string {
  switch (r.kind) {
    case 'table': {
      let s = quoteName(r.name.parts);
      if (r.timeTravel) {
        s +=
          r.timeTravel.kind === 'version'
            ? ` VERSION AS OF ${printExpression(r.timeTravel.version)}`
            : ` TIMESTAMP AS OF ${printExpression(r.timeTravel.timestamp)}`;
      }
      return s + printSample(r.sample) + printAlias(r.alias);
    }
    case 'subquery':
      return `${r.lateral ? 'LATERAL ' : ''}(${printQuery(r.query)})${printSample(r.sample)}${printAlias(r.alias)}`;
    case 'tableFunction':
      return `${r.lateral ? 'LATERAL ' : ''}${quoteName(r.name.parts)}(${list(r.args, printExpression)})${printAlias(r.alias)}`;
    case 'inlineTable':
      return `VALUES ${r.rows.map((row) => `(${list(row, printExpression)})`).join(', ')}${printAlias(r.alias)}`;
    case 'join': {
      let s = `${printRelation(r.left)} ${r.natural ? 'NATURAL ' : ''}${JOIN_WORDS[r.type]} ${printRelation(r.right)}`;
      if (r.criteria?.kind === 'on') s += ` ON ${printExpression(r.criteria.condition)}`;
      if (r.criteria?.kind === 'using') s += ` USING (${list(r.criteria.columns, quoteIdentifier)})`;
      return s;
    }
    case 'parenthesized':
      return `(${printRelation(r.relation)})${printAlias(r.alias)}`;
    default:
      return assertNever(r);
  }
}
