/** DuckDB SQL for raise_error and assert_true (USER_RAISED_EXCEPTION) and spark_partition_id. */
import { compilers, raise, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';
import { raiseErrorClass } from './raise-error-class.js';

const userRaised = (message: string) =>
  raise('USER_RAISED_EXCEPTION', { errorMessage: `coalesce(${message}, 'null')` });

export const ASSERTION_COMPILERS: readonly FunctionCompiler[] = compilers({
  raise_error: ([msg, parms], args) =>
    `CAST(${parms === undefined ? userRaised(msg!) : raiseErrorClass(String(args[0]!.value), parms)} AS INTEGER)`,
  assert_true: ([cond, msg], _args, resolved) =>
    `CASE WHEN ${cond} THEN CAST(NULL AS INTEGER) ELSE CAST(${userRaised(msg ?? str(resolved.text ?? ''))} AS INTEGER) END`,
  spark_partition_id: () => '0',
});
