/** Spark 4's `collation(expr)`: the qualified name of a string's collation, known at analysis (a constant). */
import { COLLATION_QUALIFIER } from '../../types/collation.js';
import { StringType, stringCollation } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, unexpectedInputType } from './signature-kit.js';

export const COLLATION_FUNCTIONS: readonly FunctionSignature[] = [
  {
    ...custom('collation', 'scalar', (args) => {
      checkArity('collation', args, 1);
      if (stringCollation(args[0]!.type) === undefined)
        throw unexpectedInputType('collation', args, 0, '"STRING"');
      return { inputTypes: args.map((a) => a.type), returnType: StringType, nullable: false };
    }),
    // The analyzer folds with the argument's own type, collation included.
    fold: (args) => `${COLLATION_QUALIFIER}.${stringCollation(args[0]!.type)}`,
  },
];
