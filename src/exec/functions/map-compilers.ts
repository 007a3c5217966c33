/**
 * DuckDB SQL for Spark's map functions. lakesql's maps are DuckDB MAPs (a list of {key, value} entries in
 * insertion order). Spark builds every new map with ArrayBasedMapBuilder: a NULL key raises NULL_MAP_KEY and a
 * repeated key DUPLICATED_MAP_KEY (spark.sql.mapKeyDedupPolicy = EXCEPTION, Spark's default), both checked
 * here before DuckDB's map constructors, whose own errors must never reach a user.
 */

import type { DataType } from '../../types/data-types.js';
import { bind } from '../operators/sql-helpers.js';
import { cast, compilers, raise, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

let counter = 0;
const fresh = () => {
  counter = (counter + 1) % 1_000_000;
  return `__m${counter}`;
};

/**
 * The checks of ArrayBasedMapBuilder on a list of keys (a name), then `build`. Spark normalizes floating keys,
 * so two NaN keys are a duplicate (list_distinct keeps every NaN apart; DuckDB's MAP does not).
 */
export function checkedKeys(keys: string, build: string, keyType: DataType | undefined): string {
  const [x, i, p, q] = [fresh(), fresh(), fresh(), fresh()];
  const repeat = `list_filter(${keys}, lambda ${x}, ${i}: list_position(${keys}, ${x}) < ${i})[1]`;
  const floating = keyType?.kind === 'primitive' && (keyType.name === 'double' || keyType.name === 'float');
  const numbers = floating ? `list_filter(${keys}, lambda ${q}: NOT isnan(${q}))` : keys;
  const duplicate =
    `len(list_distinct(${numbers})) < len(${numbers})` +
    (floating ? ` OR len(${keys}) - len(${numbers}) > 1` : '');
  return (
    `CASE WHEN list_contains(list_transform(${keys}, lambda ${p}: ${p} IS NULL), true) THEN ${raise('NULL_MAP_KEY')} ` +
    `WHEN ${duplicate} THEN ${raise('DUPLICATED_MAP_KEY', { key: repeat, mapKeyDedupPolicy: str('"spark.sql.mapKeyDedupPolicy"') })} ` +
    `ELSE ${build} END`
  );
}

const keyTypeOf = (t: DataType) => (t.kind === 'map' ? t.keyType : undefined);

/** map_from_entries over a list of {key, value} structs, with Spark's NULL_MAP_KEY and DUPLICATED_MAP_KEY. */
export function checkedMapFromEntries(entries: string, mapType: DataType): string {
  return bind(entries, (e) => {
    const p = fresh();
    const keys = `list_transform(${e}, lambda ${p}: struct_extract(${p}, 'key'))`;
    return checkedKeys(keys, `map_from_entries(${e})`, keyTypeOf(mapType));
  });
}

/** UTF8String.splitSQL: split on literal text; an empty delimiter keeps the text whole. */
const splitSql = (text: string, delim: string) =>
  `CASE WHEN ${delim} = '' THEN [${text}] ELSE string_split(${text}, ${delim}) END`;

export const MAP_COMPILERS: readonly FunctionCompiler[] = compilers({
  map_entries: ([m]) => `map_entries(${m})`,
  map_contains_key: ([m, k]) => `map_contains(${m}, ${k})`,
  map_concat: (sql, _args, r) => {
    if (sql.length === 0) return cast('MAP {}', r.returnType);
    if (sql.length === 1) return sql[0] as string;
    const entries = sql.map((m) => `map_entries(${m})`).reduce((acc, e) => `list_concat(${acc}, ${e})`);
    return `CASE WHEN ${sql.map((m) => `${m} IS NULL`).join(' OR ')} THEN NULL ELSE ${checkedMapFromEntries(entries, r.returnType)} END`;
  },
  map_from_arrays: ([k, v], _args, r) =>
    `CASE WHEN ${k} IS NULL OR ${v} IS NULL THEN NULL WHEN len(${k}) <> len(${v}) THEN ${raise('_LEGACY_ERROR_TEMP_2128')} ELSE ${cast(
      bind(k as string, (keys) => checkedKeys(keys, `map(${keys}, ${v})`, keyTypeOf(r.returnType))),
      r.returnType,
    )} END`,
  map_from_entries: ([a], _args, r) => {
    const [e, f] = [fresh(), fresh()];
    const entries = `list_transform(${a}, lambda ${f}: {'key': struct_extract_at(${f}, 1), 'value': struct_extract_at(${f}, 2)})`;
    return `CASE WHEN list_contains(list_transform(${a}, lambda ${e}: ${e} IS NULL), true) THEN NULL ELSE ${cast(checkedMapFromEntries(entries, r.returnType), r.returnType)} END`;
  },
  str_to_map: ([text, pairDelim, kvDelim], _args, r) => {
    const pd = pairDelim ?? "','";
    const kd = kvDelim ?? "':'";
    const p = fresh();
    // splitSQL(pair, kd, 2): the text before the first delimiter, and the rest (NULL without a delimiter).
    const at = `strpos(${p}, ${kd})`;
    const found = `(${kd} <> '' AND ${at} > 0)`;
    const entry = `{'key': CASE WHEN ${found} THEN left(${p}, ${at} - 1) ELSE ${p} END, 'value': CASE WHEN ${found} THEN substr(${p}, ${at} + length(${kd})) END}`;
    const entries = `list_transform(${splitSql(text as string, pd)}, lambda ${p}: ${entry})`;
    return `CASE WHEN ${text} IS NULL OR ${pd} IS NULL OR ${kd} IS NULL THEN NULL ELSE ${cast(checkedMapFromEntries(entries, r.returnType), r.returnType)} END`;
  },
  // A random sort key per element; list_grade_up gives the permutation.
  shuffle: ([a]) => {
    const [x, g] = [fresh(), fresh()];
    return bind(
      a as string,
      (arr) =>
        `list_transform(list_grade_up(list_transform(${arr}, lambda ${x}: random())), lambda ${g}: ${arr}[${g}])`,
    );
  },
});
