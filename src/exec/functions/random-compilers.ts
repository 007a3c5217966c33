/**
 * DuckDB SQL for rand, randn, uniform and randstr. With a seed, the values are Spark's: drawn from the
 * XORShiftRandom stream of engine/udfs/seeded-random-udfs.ts that this one call owns (a token minted here,
 * at compile time). Without one, Spark picks a random seed, so DuckDB's own random() serves, at DuckDB's
 * speed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isIntegral } from '../../plan/functions/type-classes.js';
import { LongType } from '../../types/data-types.js';
import { type CompileFn, cast, compilers, raise, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

/** The seeded UDF's call on this call's own stream; the seed is a constant (Spark requires one). */
function seeded(udf: string, seedSql: string, ...rest: string[]): string {
  return `${udf}(${cast(seedSql, LongType)}, ${str(randomUUID())}${rest.map((r) => `, ${r}`).join('')})`;
}

/** `rand([seed])`: uniform in [0, 1). */
const rand: CompileFn = ([seed]) => (seed === undefined ? 'random()' : seeded('spark_seeded_rand', seed));

/** `randn([seed])`: standard normal; unseeded by the Box-Muller transform of two draws. */
const randn: CompileFn = ([seed]) =>
  seed === undefined
    ? 'sqrt(-2 * ln(random())) * cos(2 * pi() * random())'
    : seeded('spark_seeded_randn', seed);

/** Uniform.replacement: `min + (max - min) * rand(seed)` in DOUBLE, cast to the result type. */
const uniform: CompileFn = ([min, max, seed], _args, resolved) => {
  const t = resolved.returnType;
  const r = seed === undefined ? 'random()' : seeded('spark_seeded_rand', seed);
  const draw = `(CAST(${min} AS DOUBLE) + (CAST(${max} AS DOUBLE) - CAST(${min} AS DOUBLE)) * ${r})`;
  return isIntegral(t) ? cast(`trunc(${draw})`, t) : cast(draw, t);
};

/**
 * `randstr(length[, seed])`: `length` characters from Spark's stream. Unseeded, Spark seeds it with a random
 * long when the query is analyzed; so does this, at compile time. A negative length fails when a row is
 * computed, as Spark's does.
 */
const randstr: CompileFn = ([length, seed]) => {
  const n = `CAST(${length} AS INTEGER)`;
  const seedSql = seed ?? `${BigInt.asIntN(64, randomBytes(8).readBigUInt64BE())}`;
  const tooShort = raise('INVALID_PARAMETER_VALUE.LENGTH', {
    parameter: str('`length`'),
    functionName: str('`randstr`'),
    length: `CAST(${n} AS VARCHAR)`,
  });
  return `CASE WHEN ${n} < 0 THEN ${tooShort} ELSE ${seeded('spark_seeded_randstr', seedSql, n)} END`;
};

export const RANDOM_COMPILERS: readonly FunctionCompiler[] = compilers({ rand, randn, uniform, randstr });
