/** to_char(number, format): the chunk-at-a-time UDF spark_to_char_number over the value's plain text. */
import { compilers, literalString, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const TO_CHAR_COMPILERS: readonly FunctionCompiler[] = compilers({
  to_char: ([x], args) => {
    const format = literalString(args[1]);
    if (format === undefined) return 'CAST(NULL AS VARCHAR)';
    return `spark_to_char_number(CAST(${x} AS VARCHAR), ${str(format)})`;
  },
});
