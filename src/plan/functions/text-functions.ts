/**
 * More of Spark's string functions: soundex, quote, mask (maskExpressions.scala: each mask character a
 * constant single character or NULL to keep that class), regexp_substr, and regexp_instr (the position
 * of the whole match).
 */
import { LakesqlError } from '../../errors/index.js';
import { arrayOf, IntegerType, StringType } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, simple } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';

const MASK_ARGS = ['upperChar', 'lowerChar', 'digitChar', 'otherChar'];

const mask = custom('mask', 'scalar', (args) => {
  checkArity('mask', args, 1, 5);
  const input = expectArg('mask', args, 0, 'string');
  const rest = args.slice(1).map((a, i) => {
    const t = expectArg('mask', args, i + 1, 'string');
    if (!a.foldable) {
      throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
        sqlExpr: callSql('mask', args),
        inputName: `\`${MASK_ARGS[i]}\``,
        inputType: quotedType(StringType),
        inputExpr: `"${a.sql}"`,
      });
    }
    if (typeof a.value === 'string' && [...a.value].length !== 1) {
      throw new LakesqlError('DATATYPE_MISMATCH.INPUT_SIZE_NOT_ONE', {
        sqlExpr: callSql('mask', args),
        exprName: `\`${MASK_ARGS[i]}\``,
      });
    }
    return t;
  });
  return { inputTypes: [input, ...rest], returnType: StringType };
});

/** regexp_instr's group index: only the whole match (0), the position Spark reports. */
const regexpInstr = custom(
  'regexp_instr',
  'scalar',
  (args) => {
    checkArity('regexp_instr', args, 2, 3);
    const types = args.map((_, i) => expectArg('regexp_instr', args, i, i < 2 ? 'string' : 'int'));
    const idx = args[2] as ArgInfo | undefined;
    if (idx && !(idx.foldable && (idx.value === 0 || idx.value === 0n))) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'regexp_instr with a group index other than 0',
      });
    }
    return { inputTypes: types, returnType: IntegerType };
  },
  { prettyName: (a) => `regexp_instr(${a[0]}, ${a[1]}, ${a[2] ?? '0'})` },
);

export const TEXT_FUNCTIONS: readonly FunctionSignature[] = [
  simple('soundex', { args: ['string'], returns: StringType }),
  simple('quote', { args: ['string'], returns: StringType }),
  mask,
  simple('regexp_substr', { args: ['string', 'string'], returns: StringType }),
  regexpInstr,
  // sentences(str[, lang[, country]]): array<array<string>>, an empty string for a missing locale part.
  simple('sentences', {
    args: ['string', 'string', 'string'],
    optionalFrom: 1,
    returns: arrayOf(arrayOf(StringType, true), true),
    // Spark fills the missing locale parts with '' literals, which its generated name shows.
    prettyName: (a) => `sentences(${[...a, '', ''].slice(0, 3).join(', ')})`,
  }),
];
