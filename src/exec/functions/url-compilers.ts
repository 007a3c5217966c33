/**
 * DuckDB SQL for the URL functions: the chunk-at-a-time UDFs of engine/udfs/url-udfs.ts. parse_url raises
 * INVALID_URL under ANSI and gives NULL otherwise, as Spark's ParseUrl(failOnError = ansi).
 */
import { call, compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const URL_COMPILERS: readonly FunctionCompiler[] = compilers({
  url_encode: call('spark_url_encode'),
  url_decode: call('spark_url_decode'),
  try_url_decode: call('spark_try_url_decode'),
  parse_url: (sql, _args, _r, semantics) =>
    call(semantics.ansi ? 'spark_parse_url' : 'spark_try_parse_url')(sql, _args, _r, semantics),
  try_parse_url: call('spark_try_parse_url'),
});
