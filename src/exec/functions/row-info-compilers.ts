/** monotonically_increasing_id and input_file_name (plan/functions/row-info-functions.ts). */
import { compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const ROW_INFO_COMPILERS: readonly FunctionCompiler[] = compilers({
  monotonically_increasing_id: () => 'CAST(row_number() OVER () - 1 AS BIGINT)',
  input_file_name: () => "''",
});
