/** Spark's misc functions (misc.scala): typeof and friends. */
import { StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom } from './signature-kit.js';

export const MISC_FUNCTIONS: readonly FunctionSignature[] = [
  custom('typeof', 'scalar', (args) => {
    checkArity('typeof', args, 1);
    return { inputTypes: args.map((a) => a.type), returnType: StringType, nullable: false };
  }),
];
