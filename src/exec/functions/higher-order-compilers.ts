/**
 * DuckDB list lambdas for Spark's higher-order functions. A DuckDB lambda takes one element (and a 1-based
 * index): a Spark lambda over a map entry, a zipped pair or a 0-based index is compiled with its parameters
 * bound to the matching SQL (CompiledArg.lambda.apply), so no value is wrapped in a per-row list.
 */

import { quoteIdentifier } from '../../engine/sql-text.js';
import { bind } from '../operators/sql-helpers.js';
import { cast, compilers, raise } from './compiler-kit.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';
import { checkedMapFromEntries } from './map-compilers.js';

let counter = 0;
/** A fresh DuckDB lambda parameter name, so that nested lambdas never shadow each other. */
export function freshParam(): string {
  counter = (counter + 1) % 1_000_000;
  return `__l${counter}`;
}

/** `lambda x, i: body` with Spark's 0-based index. */
function lambda(arg: CompiledArg | undefined): string {
  if (!arg?.lambda) return arg?.sql ?? 'NULL';
  const [x, i] = arg.lambda.params.map(quoteIdentifier);
  if (i === undefined) return `lambda ${x}: ${arg.lambda.bodySql}`;
  return `lambda ${x}, ${i}: ${arg.lambda.apply([x as string, `CAST(${i} - 1 AS INTEGER)`])}`;
}

/** The lambda's body with its parameters bound to `params` (SQL over the caller's DuckDB lambda parameters). */
function body(arg: CompiledArg | undefined, params: readonly string[]): string {
  if (!arg?.lambda) throw new Error('higher-order function without a lambda argument');
  return arg.lambda.apply(params);
}

const key = (e: string) => `struct_extract(${e}, 'key')`;
const value = (e: string) => `struct_extract(${e}, 'value')`;

/** A lambda over the map's entries: `lambda e: f(e.key, e.value)`. */
function overEntries(
  m: string,
  fn: string,
  f: CompiledArg | undefined,
  result: (e: string, v: string) => string,
) {
  const e = freshParam();
  return `${fn}(map_entries(${m}), lambda ${e}: ${result(e, body(f, [key(e), value(e)]))})`;
}

export const HIGHER_ORDER_COMPILERS: readonly FunctionCompiler[] = compilers({
  transform: ([a], args) => `list_transform(${a}, ${lambda(args[1])})`,
  filter: ([a], args) => `list_filter(${a}, ${lambda(args[1])})`,
  // Spark's exists is three-valued: NULL when no element matched but some predicate was NULL.
  exists: ([a], args) =>
    `(CASE WHEN list_bool_or(list_transform(${a}, ${lambda(args[1])})) THEN true WHEN list_contains(list_transform(list_transform(${a}, ${lambda(args[1])}), lambda p: p IS NULL), true) THEN NULL ELSE len(${a}) IS NULL AND NULL OR false END)`,
  forall: ([a], args) =>
    `(CASE WHEN list_contains(list_transform(${a}, ${lambda(args[1])}), false) THEN false WHEN list_contains(list_transform(list_transform(${a}, ${lambda(args[1])}), lambda p: p IS NULL), true) THEN NULL WHEN ${a} IS NULL THEN NULL ELSE true END)`,
  // The merge lambda arrives compiled (`lambda "acc", "x": …`, expression-sql.ts); finish is applied to the result.
  aggregate: ([a, zero, merge], args) => {
    const reduced = `list_reduce(${a}, ${merge}, ${zero})`;
    return args[3] === undefined ? reduced : body(args[3], [reduced]);
  },
  // ZipWith: the shorter array is padded with NULLs (list_zip pads too); a NULL array gives NULL.
  zip_with: ([a, b], args, r) => {
    const p = freshParam();
    const zipped = `list_transform(list_zip(${a}, ${b}), lambda ${p}: ${body(args[2], [`${p}[1]`, `${p}[2]`])})`;
    return `CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL ELSE ${cast(zipped, r.returnType)} END`;
  },
  array_sort: ([a], args) => {
    if (args[1] === undefined) return `list_sort(${a}, 'ASC', 'NULLS LAST')`;
    // No custom-comparator sort in DuckDB: each element's rank is the number of elements the comparator puts
    // before it (ties by position, as Java's stable sort keeps them), and list_grade_up orders by rank.
    const f = args[1];
    return bind(a as string, (arr) => {
      const [x, i, y, c, jj, g] = Array.from({ length: 6 }, freshParam);
      const cmp = `list_transform(${arr}, lambda ${y}: ${body(f, [y as string, x as string])})`;
      const nullResult = raise('COMPARATOR_RETURNS_NULL', {
        firstValue: `${arr}[${jj}]`,
        secondValue: `${arr}[${jj}]`,
      });
      const before = `CASE WHEN ${jj} = ${i} THEN false WHEN ${c} IS NULL THEN ${nullResult} ELSE ${c} < 0 OR (${c} = 0 AND ${jj} < ${i}) END`;
      const rank = `len(list_filter(${cmp}, lambda ${c}, ${jj}: ${before}))`;
      return `list_transform(list_grade_up(list_transform(${arr}, lambda ${x}, ${i}: ${rank})), lambda ${g}: ${arr}[${g}])`;
    });
  },
  map_filter: ([m], args) =>
    `map_from_entries(${overEntries(m as string, 'list_filter', args[1], (_e, keep) => `coalesce(${keep}, false)`)})`,
  transform_values: ([m], args, r) =>
    cast(
      `map_from_entries(${overEntries(m as string, 'list_transform', args[1], (e, v) => `{'key': ${key(e)}, 'value': ${v}}`)})`,
      r.returnType,
    ),
  // TransformKeys builds its result with ArrayBasedMapBuilder: a NULL key or a repeated one raises.
  transform_keys: ([m], args, r) =>
    cast(
      `CASE WHEN ${m} IS NULL THEN NULL ELSE ${checkedMapFromEntries(
        overEntries(m as string, 'list_transform', args[1], (e, k) => `{'key': ${k}, 'value': ${value(e)}}`),
        r.returnType,
      )} END`,
      r.returnType,
    ),
  // MapZipWith: the first map's keys in order, then the second's new ones; a missing side's value is NULL.
  map_zip_with: ([m1, m2], args, r) => {
    const k = freshParam();
    const k2 = freshParam();
    const keys = `list_concat(map_keys(${m1}), list_filter(map_keys(${m2}), lambda ${k2}: NOT map_contains(${m1}, ${k2})))`;
    const v = body(args[2], [k, `map_extract(${m1}, ${k})[1]`, `map_extract(${m2}, ${k})[1]`]);
    const entries = `list_transform(${keys}, lambda ${k}: {'key': ${k}, 'value': ${v}})`;
    return `CASE WHEN ${m1} IS NULL OR ${m2} IS NULL THEN NULL ELSE ${cast(`map_from_entries(${entries})`, r.returnType)} END`;
  },
});
