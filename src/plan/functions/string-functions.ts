/**
 * Spark's string functions (sql-ref-functions-builtin.html#string-functions). Argument classes follow each
 * expression's `inputTypes` in org.apache.spark.sql.catalyst.expressions.stringExpressions.
 */
import { LakesqlError } from '../../errors/index.js';
import { arrayOf, BinaryType, BooleanType, IntegerType, StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, simple } from './signature-kit.js';
import { isPrimitiveNamed } from './type-classes.js';

function pad(name: string): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 2, 3);
    const allBinary = args.every((a, i) => i === 1 || isPrimitiveNamed(a.type, 'binary'));
    const strType = allBinary ? BinaryType : StringType;
    const inputTypes = args.map((_, i) => (i === 1 ? expectArg(name, args, i, 'int') : strType));
    for (let i = 0; i < args.length; i++) if (i !== 1 && !allBinary) expectArg(name, args, i, 'string');
    return { inputTypes, returnType: strType };
  });
}

/**
 * contains, startswith, endswith (StringPredicate's builders): two BINARY values compare as bytes; any
 * other pair compares as strings, a BINARY side cast to STRING (its bytes read as UTF-8).
 */
function stringPredicate(name: string): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 2);
    const bytes = args.every((a) => isPrimitiveNamed(a.type, 'binary'));
    const inputTypes = args.map((_, i) => expectArg(name, args, i, bytes ? 'binary' : 'string'));
    return { inputTypes, returnType: BooleanType };
  });
}

export const STRING_FUNCTIONS: readonly FunctionSignature[] = [
  simple('ascii', { args: ['string'], returns: IntegerType }),
  simple('base64', { args: ['binary'], returns: StringType }),
  simple('bit_length', { args: ['stringOrBinary'], returns: IntegerType }),
  // StringTrimBoth replaces itself by StringTrim, whose inputs are strings: BINARY arguments are cast.
  simple('btrim', { args: ['string', 'string'], optionalFrom: 1, returns: StringType }),
  simple('char', { aliases: ['chr'], args: ['long'], returns: StringType }),
  simple('char_length', {
    aliases: ['character_length', 'length', 'len'],
    args: ['stringOrBinary'],
    returns: IntegerType,
  }),
  simple('concat_ws', { args: ['string'], variadic: 'any', minArgs: 1, returns: StringType }),
  stringPredicate('contains'),
  stringPredicate('endswith'),
  stringPredicate('startswith'),
  simple('elt', { args: ['int'], variadic: 'string', minArgs: 2, returns: StringType }),
  simple('find_in_set', { args: ['string', 'string'], returns: IntegerType }),
  simple('initcap', { args: ['string'], returns: StringType }),
  simple('instr', { args: ['string', 'string'], returns: IntegerType }),
  simple('lcase', { aliases: ['lower'], args: ['string'], returns: StringType }),
  simple('ucase', { aliases: ['upper'], args: ['string'], returns: StringType }),
  simple('left', { args: ['string', 'int'], returns: StringType }),
  simple('right', { args: ['string', 'int'], returns: StringType }),
  simple('levenshtein', { args: ['string', 'string'], returns: IntegerType }),
  // StringLocate's start defaults to 1, and shows in the generated name.
  ...['locate', 'position'].map((name) =>
    simple(name, {
      args: ['string', 'string', 'int'],
      optionalFrom: 2,
      returns: IntegerType,
      prettyName: (a) => `${name}(${[...a, ...(a.length === 2 ? ['1'] : [])].join(', ')})`,
    }),
  ),
  simple('ltrim', { args: ['string', 'string'], optionalFrom: 1, returns: StringType }),
  simple('rtrim', { args: ['string', 'string'], optionalFrom: 1, returns: StringType }),
  simple('trim', { args: ['string', 'string'], optionalFrom: 1, returns: StringType }),
  simple('octet_length', { args: ['stringOrBinary'], returns: IntegerType }),
  pad('lpad'),
  pad('rpad'),
  // Spark names a call with its defaulted arguments filled in: regexp_extract(s, p, 1).
  simple('regexp_extract', {
    args: ['string', 'string', 'int'],
    optionalFrom: 2,
    returns: StringType,
    prettyName: (a) => `regexp_extract(${a[0]}, ${a[1]}, ${a[2] ?? '1'})`,
  }),
  simple('regexp_extract_all', {
    args: ['string', 'string', 'int'],
    optionalFrom: 2,
    returns: arrayOf(StringType),
    prettyName: (a) => `regexp_extract_all(${a[0]}, ${a[1]}, ${a[2] ?? '1'})`,
  }),
  // RegExpReplace.checkInputDataTypes: a constant position must be positive.
  custom(
    'regexp_replace',
    'scalar',
    (args) => {
      checkArity('regexp_replace', args, 3, 4);
      const inputTypes = args.map((_, i) => expectArg('regexp_replace', args, i, i < 3 ? 'string' : 'int'));
      const position = args[3]?.numeric;
      if (typeof position === 'number' && position <= 0) {
        throw new LakesqlError('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE', {
          sqlExpr: callSql('regexp_replace', args),
          exprName: 'position',
          valueRange: '(0, 2147483647]',
          currentValue: String(position),
        });
      }
      return { inputTypes, returnType: StringType };
    },
    { prettyName: (a) => `regexp_replace(${a[0]}, ${a[1]}, ${a[2]}, ${a[3] ?? '1'})` },
  ),
  // RLike prints as RLIKE(s, p); its aliases print their own name, upper-cased (REGEXP_LIKE, REGEXP).
  simple('regexp_like', {
    aliases: ['rlike', 'regexp'],
    args: ['string', 'string'],
    returns: BooleanType,
    prettyName: (a, written = 'regexp_like') => `${written.toUpperCase()}(${a.join(', ')})`,
  }),
  simple('regexp_count', { args: ['string', 'string'], returns: IntegerType }),
  simple('repeat', { args: ['string', 'int'], returns: StringType }),
  // StringReplace's two-argument form is replace(str, search, '') in the plan, and is named so.
  simple('replace', {
    args: ['string', 'string', 'string'],
    optionalFrom: 2,
    returns: StringType,
    prettyName: (a) => `replace(${[...a, ...(a.length === 2 ? [''] : [])].join(', ')})`,
  }),
  simple('reverse', { args: ['string'], returns: StringType }),
  simple('space', { args: ['int'], returns: StringType }),
  // StringSplit's default limit is -1, and shows in the generated name.
  simple('split', {
    args: ['string', 'string', 'int'],
    optionalFrom: 2,
    returns: arrayOf(StringType),
    prettyName: (a) => `split(${[...a, ...(a.length === 2 ? ['-1'] : [])].join(', ')})`,
  }),
  simple('split_part', { args: ['string', 'string', 'int'], returns: StringType }),
  // Substring's len defaults to Integer.MAX_VALUE, which its generated name shows: substr(s, 5, 2147483647).
  // substr and substring are separate registry entries in Spark, each keeping its own name.
  ...['substring', 'substr'].map((name) =>
    simple(name, {
      args: ['stringOrBinary', 'int', 'int'],
      optionalFrom: 2,
      returns: (inputs) => inputs[0] ?? StringType,
      prettyName: (a) => `${name}(${[...a, ...(a.length === 2 ? ['2147483647'] : [])].join(', ')})`,
    }),
  ),
  simple('substring_index', { args: ['string', 'string', 'int'], returns: StringType }),
  simple('translate', { args: ['string', 'string', 'string'], returns: StringType }),
  simple('hex', { args: ['any'], returns: StringType }),
  simple('unhex', { args: ['string'], returns: BinaryType }),
  simple('unbase64', { args: ['string'], returns: BinaryType }),
  simple('luhn_check', { args: ['string'], returns: BooleanType }),
  simple('is_valid_utf8', { args: ['stringOrBinary'], returns: BooleanType }),
  simple('make_valid_utf8', { args: ['stringOrBinary'], returns: StringType }),
  simple('validate_utf8', { args: ['stringOrBinary'], returns: StringType }),
  simple('try_validate_utf8', { args: ['stringOrBinary'], returns: StringType }),
  simple('bin', { args: ['long'], returns: StringType }),
  // Overlay's three-argument constructor fills in len = -1, which its generated name shows.
  simple('overlay', {
    args: ['stringOrBinary', 'stringOrBinary', 'int', 'int'],
    optionalFrom: 3,
    returns: (i) => i[0] ?? StringType,
    prettyName: (a) => `overlay(${[...a, ...(a.length === 3 ? ['-1'] : [])].join(', ')})`,
  }),
  simple('encode', { args: ['string', 'string'], returns: BinaryType }),
  simple('uuid', { args: [], returns: StringType, nullable: false }),
];
