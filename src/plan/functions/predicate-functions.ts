/** LIKE and ILIKE as functions (the parser's `a LIKE b [ESCAPE c]` becomes a call of these). */
import { BooleanType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { simple } from './signature-kit.js';

export const PREDICATE_FUNCTIONS: readonly FunctionSignature[] = [
  simple('like', { args: ['string', 'string', 'string'], optionalFrom: 2, returns: BooleanType }),
  simple('ilike', { args: ['string', 'string', 'string'], optionalFrom: 2, returns: BooleanType }),
];
