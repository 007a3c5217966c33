/**
 * The VARIANT functions over the packed variant BLOB, through the chunk UDFs of engine/udfs/variant-udfs.ts.
 * variant_get's path was checked at analysis; its target type is cast as CAST does (variant-casts.ts), with
 * failures raising INVALID_VARIANT_CAST (variant_get) or giving NULL (try_variant_get).
 */
import { quoteString } from '../../engine/sql-text.js';
import { reuse } from '../operators/sql-helpers.js';
import { castFromVariant } from '../operators/variant-casts.js';
import { compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const VARIANT_COMPILERS: readonly FunctionCompiler[] = compilers({
  parse_json: ([s]) => `spark_parse_json(${s}, false)`,
  try_parse_json: ([s]) => `spark_parse_json(${s}, true)`,
  is_variant_null: ([v]) => reuse(v!, (x) => `coalesce(spark_variant_kind(${x}) = 'null', false)`),
  schema_of_variant: ([v]) => `spark_schema_of_variant(${v})`,
  // The distinct schemas of a group (few, whatever the row count) are merged once; no rows give VOID.
  schema_of_variant_agg: ([v]) =>
    `coalesce(spark_merge_variant_schemas(CAST(to_json(list(DISTINCT spark_variant_schema_json(${v}))) AS VARCHAR)), 'VOID')`,
  variant_get: ([v], args, resolved, semantics) =>
    castFromVariant(extract(v!, args[1]!.value), resolved.returnType, true, semantics),
  try_variant_get: ([v], args, resolved, semantics) =>
    castFromVariant(extract(v!, args[1]!.value), resolved.returnType, false, semantics),
});

/** The sub-variant at a constant path (`$` alone is the variant itself). */
function extract(v: string, path: unknown): string {
  return path === '$' ? v : `spark_variant_get(${v}, ${quoteString(String(path))})`;
}
