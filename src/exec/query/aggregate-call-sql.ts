/**
 * The function library compiles an aggregate or window function to DuckDB SQL that may wrap the call
 * (`CAST(row_number() AS INTEGER)`, `coalesce(list(x) FILTER (…), [])`). DISTINCT, FILTER and OVER belong
 * to the call itself, so they are placed at the first call of a DuckDB aggregate or window function in that
 * SQL, skipping string literals and quoted names.
 */

import { LakesqlError } from '../../errors/index.js';

const AGGREGATE_OR_WINDOW = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'first',
  'last',
  'any_value',
  'list',
  'array_agg',
  'stddev_samp',
  'stddev_pop',
  'var_samp',
  'var_pop',
  'skewness',
  'kurtosis',
  'corr',
  'covar_pop',
  'covar_samp',
  'bool_and',
  'bool_or',
  'count_if',
  'approx_count_distinct',
  'arg_max',
  'arg_min',
  'max_by',
  'min_by',
  'median',
  'quantile_cont',
  'quantile_disc',
  'mode',
  'string_agg',
  'bit_and',
  'bit_or',
  'bit_xor',
  'product',
  'histogram',
  'regr_slope',
  'regr_intercept',
  'regr_r2',
  'regr_count',
  'regr_avgx',
  'regr_avgy',
  'regr_sxx',
  'regr_syy',
  'regr_sxy',
  'favg',
  'fsum',
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
  'approx_quantile',
  'entropy',
  'kahan_sum',
]);

interface CallSite {
  readonly open: number;
  readonly close: number;
}

function skipQuoted(sql: string, i: number): number {
  const q = sql[i]!;
  let j = i + 1;
  while (j < sql.length) {
    if (sql[j] === q) {
      if (sql[j + 1] === q) j += 2;
      else return j + 1;
    } else j++;
  }
  return j;
}

function matchingParen(sql: string, open: number): number {
  let depth = 0;
  for (let i = open; i < sql.length; ) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      i = skipQuoted(sql, i);
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return i;
    }
    i++;
  }
  return -1;
}

function findCall(sql: string, from = 0): CallSite | undefined {
  for (let i = from; i < sql.length; ) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      i = skipQuoted(sql, i);
      continue;
    }
    if (/[A-Za-z_]/.test(c) && (i === 0 || !/[A-Za-z0-9_.]/.test(sql[i - 1]!))) {
      let j = i;
      while (j < sql.length && /[A-Za-z0-9_]/.test(sql[j]!)) j++;
      const name = sql.slice(i, j).toLowerCase();
      let k = j;
      while (sql[k] === ' ') k++;
      if (sql[k] === '(' && AGGREGATE_OR_WINDOW.has(name)) {
        const close = matchingParen(sql, k);
        if (close > 0) return { open: k, close };
      }
      i = j;
      continue;
    }
    i++;
  }
  return undefined;
}

export interface CallModifiers {
  readonly distinct?: boolean;
  readonly filterSql?: string;
  readonly overSql?: string;
  /** listagg's WITHIN GROUP (ORDER BY …): an ORDER BY inside the call. */
  readonly orderBySql?: string;
}

/**
 * Places the modifiers at every top-level DuckDB aggregate call of `sql`: a Spark aggregate the library
 * computes from several DuckDB aggregates (try_avg's sum and count) gives each the same DISTINCT, FILTER and
 * OVER.
 */
export function modifyAggregateCall(sql: string, m: CallModifiers): string {
  if (!m.distinct && m.filterSql === undefined && m.overSql === undefined && m.orderBySql === undefined)
    return sql;
  const first = findCall(sql);
  if (!first) throw new Error(`no aggregate call to modify in ${sql}`);
  let out = '';
  let rest = sql;
  for (let site: CallSite | undefined = first; site; site = findCall(rest)) {
    const modified = modifyCall(rest, site, m);
    out += modified.head;
    rest = modified.rest;
  }
  return out + rest;
}

/** One call modified: the SQL up to and including its modifiers (`head`), and the SQL after them. */
function modifyCall(sql: string, site: CallSite, m: CallModifiers): { head: string; rest: string } {
  const head = sql.slice(0, site.open + 1);
  let args = sql.slice(site.open + 1, site.close);
  let rest = sql.slice(site.close + 1);
  if (m.distinct && !/^\s*DISTINCT\b/i.test(args)) args = `DISTINCT ${args}`;
  const ignoringNulls = windowIgnoringNulls(head, args, rest, m);
  if (ignoringNulls !== undefined) return ignoringNulls;
  if (m.orderBySql !== undefined) args = `${args} ORDER BY ${m.orderBySql}`;
  let clause = '';
  // The function library may already have written a FILTER (e.g. collect_list skips NULLs): extend it.
  if (/^\s*FILTER\s*\(\s*WHERE\s/i.test(rest)) {
    const open = rest.indexOf('(');
    const close = matchingParen(rest, open);
    let body = rest.slice(open + 1, close);
    if (m.filterSql !== undefined) body = body.replace(/^\s*WHERE\s/i, `WHERE (${m.filterSql}) AND `);
    clause = ` FILTER (${body})`;
    rest = rest.slice(close + 1);
  } else if (m.filterSql !== undefined) {
    clause = ` FILTER (WHERE ${m.filterSql})`;
  }
  if (m.overSql !== undefined) clause += ` OVER (${m.overSql})`;
  return { head: `${head}${args})${clause}`, rest };
}

/**
 * first/last ignoring NULLs compile to `first(x) FILTER (WHERE x IS NOT NULL)` (aggregate-compilers.ts),
 * which DuckDB refuses as a window function; over a window they are first_value/last_value with IGNORE NULLS.
 */
function windowIgnoringNulls(
  head: string,
  args: string,
  rest: string,
  m: CallModifiers,
): { head: string; rest: string } | undefined {
  if (m.overSql === undefined) return undefined;
  const fn = /(?:^|[^A-Za-z0-9_.])(first|last)\($/.exec(head)?.[1];
  const filter = ` FILTER (WHERE ${args} IS NOT NULL)`;
  if (!fn || !rest.startsWith(filter)) return undefined;
  if (m.filterSql !== undefined) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `FILTER on ${fn}() IGNORE NULLS over a window`,
    });
  }
  return {
    head: `${head.slice(0, head.length - fn.length - 1)}${fn}_value(${args} IGNORE NULLS) OVER (${m.overSql})`,
    rest: rest.slice(filter.length),
  };
}
