/**
 * DuckDB SQL for uniform and randstr over random() (plan/functions/random-functions.ts). randstr's length is
 * a constant, so its string is that many independent draws from the 62-character pool, concatenated.
 */
import { LakesqlError } from '../../errors/index.js';
import { isIntegral } from '../../plan/functions/type-classes.js';
import { type CompileFn, cast, compilers, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

const POOL = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MAX_RANDSTR = 1000;

const uniform: CompileFn = ([min, max], _args, resolved) => {
  const t = resolved.returnType;
  if (t.kind === 'primitive' && t.name === 'void') return 'CAST(NULL AS INTEGER)';
  const draw = `(CAST(${min} AS DOUBLE) + (CAST(${max} AS DOUBLE) - CAST(${min} AS DOUBLE)) * random())`;
  return isIntegral(t) ? cast(`trunc(${draw})`, t) : cast(draw, t);
};

const randstr: CompileFn = (_sql, args) => {
  const n = Number(args[0]?.value ?? 0);
  if (!Number.isInteger(n) || n < 0 || n > MAX_RANDSTR) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `randstr of length ${String(args[0]?.value)} (lakesql generates 0 to ${MAX_RANDSTR} characters)`,
    });
  }
  if (n === 0) return "''";
  const one = `substr(${str(POOL)}, 1 + CAST(floor(random() * 62) AS INTEGER), 1)`;
  return `(${Array.from({ length: n }, () => one).join(' || ')})`;
};

export const RANDOM_COMPILERS: readonly FunctionCompiler[] = compilers({ uniform, randstr });
