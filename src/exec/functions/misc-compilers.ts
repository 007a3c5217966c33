/** typeof is decided at analysis time: the compiled SQL is Spark's type name as a constant. */
import { sqlTypeName } from '../../types/data-types.js';
import { compilers, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const MISC_COMPILERS: readonly FunctionCompiler[] = compilers({
  typeof: (_sql, args) => str(args[0] ? sqlTypeName(args[0].type) : 'void'),
});
