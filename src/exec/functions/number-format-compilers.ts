/**
 * DuckDB SQL for to_number / try_to_number. The constant format becomes one anchored regular expression
 * (plan/functions/number-format.ts); a matching input keeps its digits and point, any negative marker
 * (`-` from S or MI, `<…>` from PR) negates, and the text is cast to the result's DECIMAL.
 */
import { numberFormatRegex, parseNumberFormat } from '../../plan/functions/number-format.js';
import { type CompileFn, cast, compilers, literalString, raise, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

const toNumber =
  (onMismatch: 'raise' | 'null'): CompileFn =>
  ([s], args, resolved) => {
    const format = literalString(args[1]);
    if (format === undefined) return cast('NULL', resolved.returnType);
    const re = numberFormatRegex(parseNumberFormat(format));
    const digits = `regexp_replace(${s}, '[^0-9.]', '', 'g')`;
    const negative = `(contains(${s}, '-') OR starts_with(${s}, '<'))`;
    const mismatch =
      onMismatch === 'null'
        ? 'NULL'
        : raise('INVALID_FORMAT.MISMATCH_INPUT', {
            inputType: str('"STRING"'),
            input: s as string,
            format: str(format),
          });
    const value = cast(`CASE WHEN ${negative} THEN '-' ELSE '' END || ${digits}`, resolved.returnType);
    return `CASE WHEN ${s} IS NULL THEN NULL WHEN NOT regexp_full_match(${s}, ${str(re)}) OR NOT regexp_matches(${s}, '[0-9]') THEN ${mismatch} ELSE ${value} END`;
  };

export const NUMBER_FORMAT_COMPILERS: readonly FunctionCompiler[] = compilers({
  to_number: toNumber('raise'),
  try_to_number: toNumber('null'),
});
