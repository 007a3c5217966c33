/**
 * DuckDB SQL for array_insert and arrays_zip. Both build the result from list slices and `range`, so they stay
 * set-based in DuckDB with no per-row JavaScript.
 */
import type { DataType } from '../../types/data-types.js';
import { type CompileFn, cast, compilers, raise } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

const elementOf = (t: DataType | undefined): DataType =>
  t?.kind === 'array' ? t.elementType : { kind: 'primitive', name: 'void' };

/** `n` NULLs of the element type, as a list. */
const nulls = (n: string, e: DataType): string =>
  `list_transform(range(${n}), lambda __i: ${cast('NULL', e)})`;

/**
 * ArrayInsert.eval (Spark 3.4+, spark.sql.legacy.negativeIndexInArrayInsert=false): position 1 is the first
 * element, -1 inserts after the last; a position past either end pads the gap with NULLs; 0 raises
 * INVALID_INDEX_OF_ZERO; a NULL array or position gives NULL, a NULL item is inserted.
 */
const arrayInsert: CompileFn = ([arr, p, v], args) => {
  const a = `(${arr})`;
  const e = elementOf(args[0]?.type);
  const item = `[${cast(v as string, e)}]`;
  const len = `len(${a})`;
  const positive = `CASE WHEN ${p} <= ${len} + 1 THEN list_concat(${a}[1:${p} - 1], ${item}, ${a}[${p}:]) ELSE list_concat(${a}, ${nulls(`${p} - 1 - ${len}`, e)}, ${item}) END`;
  const at = `(${len} + ${p} + 1)`;
  const negative = `CASE WHEN -${p} <= ${len} + 1 THEN list_concat(${a}[1:${at}], ${item}, ${a}[${at} + 1:]) ELSE list_concat(${item}, ${nulls(`-${p} - 1 - ${len}`, e)}, ${a}) END`;
  return `CASE WHEN ${a} IS NULL OR ${p} IS NULL THEN NULL WHEN ${p} = 0 THEN ${raise('INVALID_INDEX_OF_ZERO')} WHEN ${p} > 0 THEN ${positive} ELSE ${negative} END`;
};

/** ArraysZip: as long as the longest input, shorter ones padded with NULL; NULL when any input is NULL. */
const arraysZip: CompileFn = (sql, _args, resolved) => {
  if (sql.length === 0) return '[]';
  const t = resolved.returnType;
  const fields = t.kind === 'array' && t.elementType.kind === 'struct' ? t.elementType.fields : [];
  const longest = `greatest(${sql.map((s) => `len(${s})`).join(', ')})`;
  const entry = `{${sql.map((s, i) => `'${(fields[i]?.name ?? String(i)).replaceAll("'", "''")}': ${s}[__i + 1]`).join(', ')}}`;
  const anyNull = sql.map((s) => `${s} IS NULL`).join(' OR ');
  return `CASE WHEN ${anyNull} THEN NULL ELSE list_transform(range(${longest}), lambda __i: ${entry}) END`;
};

export const ARRAY_BUILDING_COMPILERS: readonly FunctionCompiler[] = compilers({
  array_insert: arrayInsert,
  arrays_zip: arraysZip,
});
