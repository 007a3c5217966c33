/** DuckDB window functions for Spark's ranking and offset functions; OVER (…) is added by the query compiler. */

import { cast, compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const WINDOW_COMPILERS: readonly FunctionCompiler[] = compilers({
  row_number: () => 'CAST(row_number() AS INTEGER)',
  rank: () => 'CAST(rank() AS INTEGER)',
  dense_rank: () => 'CAST(dense_rank() AS INTEGER)',
  percent_rank: () => 'percent_rank()',
  cume_dist: () => 'cume_dist()',
  ntile: ([n]) => `CAST(ntile(${n}) AS INTEGER)`,
  lag: (sql, _a, r) => cast(`lag(${sql.join(', ')})`, r.returnType),
  lead: (sql, _a, r) => cast(`lead(${sql.join(', ')})`, r.returnType),
  nth_value: ([x, n, ignoreNulls]) =>
    `nth_value(${x}, ${n}${ignoreNulls?.toUpperCase() === 'TRUE' ? ' IGNORE NULLS' : ''})`,
});
