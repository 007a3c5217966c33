/**
 * DuckDB's json extension for Spark's JSON functions; get_json_object returns unquoted scalars like Spark.
 * Text that is not JSON gives NULL, as in Spark (DuckDB would fail the query), and so do json_array_length of
 * a non-array and json_object_keys of a non-object.
 */

import { quoteString } from '../../engine/sql-text.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { reuse } from '../operators/sql-helpers.js';
import { compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';
import { jsonWriteOptions, toJsonSql } from './json-generator.js';
import { fromJsonSql, jsonReadOptions, jsonTupleSql } from './json-parser-sql.js';
import { duckDbJsonPath, isSparkJsonPath } from './json-path.js';

export const JSON_COMPILERS: readonly FunctionCompiler[] = compilers({
  get_json_object: ([j, p], args) => {
    const path = args[1]?.value;
    if (typeof path === 'string' && !isSparkJsonPath(path)) return 'CAST(NULL AS VARCHAR)';
    const duckPath = typeof path === 'string' ? duckDbJsonPath(path) : null;
    if (typeof path === 'string' && duckPath === null) return 'CAST(NULL AS VARCHAR)';
    const pathSql = duckPath !== null ? quoteString(duckPath) : p;
    // `[*]` gathers its matches as Spark does: none is NULL, one is that value, more are a JSON array.
    if (typeof path === 'string' && path.includes('[*]'))
      return reuse(j as string, (v) => {
        const l = `json_extract(${v}, ${pathSql})`;
        return `CASE WHEN json_valid(${v}) THEN CASE len(${l}) WHEN 0 THEN NULL WHEN 1 THEN ${l}[1] ->> '$' ELSE '[' || array_to_string(${l}, ',') || ']' END END`;
      });
    return reuse(
      j as string,
      (v) => `CASE WHEN json_valid(${v}) THEN json_extract_string(${v}, ${pathSql}) END`,
    );
  },
  json_array_length: ([j]) =>
    reuse(
      j as string,
      (v) =>
        `CASE WHEN json_valid(${v}) AND json_type(${v}) = 'ARRAY' THEN CAST(json_array_length(${v}) AS INTEGER) END`,
    ),
  json_object_keys: ([j]) =>
    reuse(
      j as string,
      (v) => `CASE WHEN json_valid(${v}) AND json_type(${v}) = 'OBJECT' THEN json_keys(${v}) END`,
    ),
  from_json: ([x], _args, resolved, semantics) =>
    fromJsonSql(
      x as string,
      resolved.returnType,
      jsonReadOptions(resolved.options ?? new DataSourceOptions(), semantics),
    ),
  // As a value (outside a Generate node), json_tuple's row is a struct of its columns c0, c1, ….
  json_tuple: ([j, ...keys], args) =>
    `struct_pack(${jsonTupleSql(
      j as string,
      keys.map((k, i) => {
        const v = args[i + 1]?.value;
        return { sql: k as string, ...(typeof v === 'string' || v === null ? { literal: v } : {}) };
      }),
    )
      .map((v, i) => `c${i} := ${v}`)
      .join(', ')})`,
  to_json: ([x], args, resolved, semantics) =>
    args[0]!.type.kind === 'primitive' && args[0]!.type.name === 'variant'
      ? `spark_variant_to_json(${x})`
      : toJsonSql(
          x as string,
          args[0]!.type,
          jsonWriteOptions(resolved.options ?? new DataSourceOptions(), semantics),
        ),
});
