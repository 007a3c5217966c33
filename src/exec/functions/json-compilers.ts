/** DuckDB's json extension for Spark's JSON functions; get_json_object returns unquoted scalars like Spark. */

import { compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const JSON_COMPILERS: readonly FunctionCompiler[] = compilers({
  get_json_object: ([j, p]) => `json_extract_string(${j}, ${p})`,
  json_array_length: ([j]) => `CAST(json_array_length(${j}) AS INTEGER)`,
  json_object_keys: ([j]) => `json_keys(${j})`,
  to_json: ([x]) => `CAST(to_json(${x}) AS VARCHAR)`,
});
