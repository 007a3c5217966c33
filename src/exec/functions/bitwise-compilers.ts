/**
 * DuckDB SQL for Spark's shifts with Java's semantics: the distance is masked to its low 5 (INT) or 6 (BIGINT)
 * bits, a left shift wraps around, `>>` is arithmetic and `>>>` shifts zeros in. DuckDB's own `<<` refuses
 * negative numbers and overflow, so left shifts multiply in a wider type and `>>>` shifts the unsigned
 * reading of the bits, then both fold back into the signed range.
 */
import { isPrimitiveNamed } from '../../plan/functions/type-classes.js';
import type { DataType } from '../../types/data-types.js';
import { type CompileFn, compilers, raise, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

interface Width {
  readonly bits: number;
  readonly wide: string;
  readonly duck: string;
}
const INT: Width = { bits: 32, wide: 'BIGINT', duck: 'INTEGER' };
const LONG: Width = { bits: 64, wide: 'HUGEINT', duck: 'BIGINT' };
const width = (t: DataType): Width => (isPrimitiveNamed(t, 'long') ? LONG : INT);

/** The unsigned `bits`-bit value `u` (a `w.wide` expression) as the signed value with the same bits. */
function signed(u: string, w: Width): string {
  const half = 2n ** BigInt(w.bits - 1);
  return `CAST((${u}) - CASE WHEN (${u}) >= ${half} THEN ${2n * half}::${w.wide} ELSE 0::${w.wide} END AS ${w.duck})`;
}

const mask = (w: Width) => `${2n ** BigInt(w.bits) - 1n}::${w.wide}`;
const distance = (s: string, w: Width) => `(${s} & ${w.bits - 1})`;

const shiftLeft: CompileFn = ([a, s], args) => {
  const w = width(args[0]!.type);
  const product = `((CAST(${a} AS ${w.wide}) * (1::${w.wide} << ${distance(s!, w)})) & ${mask(w)})`;
  return signed(product, w);
};

const shiftRight: CompileFn = ([a, s], args) => `(${a} >> ${distance(s!, width(args[0]!.type))})`;

const shiftRightUnsigned: CompileFn = ([a, s], args) => {
  const w = width(args[0]!.type);
  return signed(`((CAST(${a} AS ${w.wide}) & ${mask(w)}) >> ${distance(s!, w)})`, w);
};

const BIT_SIZE: Readonly<Record<string, number>> = { byte: 8, short: 16, integer: 32, long: 64 };

const bitGet =
  (name: string): CompileFn =>
  ([a, pos], args) => {
    const t = args[0]!.type;
    const size = BIT_SIZE[(t as { name: string }).name] ?? 64;
    const error = raise('INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE', {
      parameter: str('`pos`'),
      functionName: str(`\`${name}\``),
      upper: str(String(size)),
      invalidValue: pos!,
    });
    return `CASE WHEN ${a} IS NULL OR ${pos} IS NULL THEN NULL WHEN ${pos} < 0 OR ${pos} >= ${size} THEN ${error} ELSE CAST((CAST(${a} AS BIGINT) >> ${pos}) & 1 AS TINYINT) END`;
  };

export const BITWISE_COMPILERS: readonly FunctionCompiler[] = compilers({
  shiftleft: shiftLeft,
  shiftright: shiftRight,
  shiftrightunsigned: shiftRightUnsigned,
  bit_count: ([a], args) =>
    isPrimitiveNamed(args[0]!.type, 'boolean')
      ? `CASE WHEN ${a} THEN 1 WHEN NOT ${a} THEN 0 END`
      : `CAST(bit_count(CAST(${a} AS BIGINT)) AS INTEGER)`,
  bit_get: bitGet('bit_get'),
  getbit: bitGet('getbit'),
});
