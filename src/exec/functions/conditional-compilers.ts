/** DuckDB SQL for Spark's conditional functions: plain CASE/COALESCE over arguments the analyzer cast alike. */

import { decodeSql } from './charset-compilers.js';
import { call, cast, compilers } from './compiler-kit.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';

export const CONDITIONAL_COMPILERS: readonly FunctionCompiler[] = compilers({
  coalesce: call('coalesce'),
  nvl: call('coalesce'),
  nullif: call('nullif'),
  nvl2: ([x, a, b]) => `CASE WHEN ${x} IS NOT NULL THEN ${a} ELSE ${b} END`,
  if: ([c, a, b]) => `CASE WHEN ${c} THEN ${a} ELSE ${b} END`,
  nanvl: ([a, b]) => `CASE WHEN isnan(${a}) THEN ${b} ELSE ${a} END`,
  nullifzero: ([x]) => `nullif(${x}, 0)`,
  zeroifnull: ([x], _a, r) => `coalesce(${x}, ${cast('0', r.returnType)})`,
  equal_null: ([a, b]) => `(${a} IS NOT DISTINCT FROM ${b})`,
  isnull: ([x]) => `(${x} IS NULL)`,
  isnotnull: ([x]) => `(${x} IS NOT NULL)`,
  isnan: ([x]) => `coalesce(isnan(${x}), false)`,
  decode: (sql, args, _r, semantics) => {
    if (sql.length === 2) return decodeSql(sql[0] as string, args[1] as CompiledArg, semantics);
    const [x, ...rest] = sql;
    const whens: string[] = [];
    for (let i = 0; i + 1 < rest.length; i += 2)
      whens.push(`WHEN ${x} IS NOT DISTINCT FROM ${rest[i]} THEN ${rest[i + 1]}`);
    return `CASE ${whens.join(' ')} ELSE ${rest.length % 2 === 1 ? rest[rest.length - 1] : 'NULL'} END`;
  },
});
