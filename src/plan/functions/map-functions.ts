/** Spark's map functions (collectionOperations.scala, complexTypeCreator.scala): map_concat, map_entries, … */

import { LakesqlError } from '../../errors/index.js';
import {
  arrayOf,
  BooleanType,
  type DataType,
  field,
  mapOf,
  StringType,
  struct,
} from '../../types/data-types.js';
import { findTightestCommonType, findWiderTypeForDecimal } from '../types/type-coercion.js';
import { commonType } from './common-type.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import {
  callSql,
  checkArity,
  custom,
  expectArg,
  sameTypeArgs,
  unexpectedInputType,
} from './signature-kit.js';
import { quotedType } from './spark-type-text.js';
import { isVoid } from './type-classes.js';

const LEGACY = { ansi: false } as const;
type MapType = DataType & { kind: 'map' };
type ArrayType = DataType & { kind: 'array' };
const mapArg = (name: string, args: readonly ArgInfo[], i = 0): MapType =>
  expectArg(name, args, i, 'map') as MapType;
const arrayArg = (name: string, args: readonly ArgInfo[], i: number): ArrayType =>
  expectArg(name, args, i, 'array') as ArrayType;

export const MAP_FUNCTIONS: readonly FunctionSignature[] = [
  custom('map_entries', 'scalar', (args) => {
    checkArity('map_entries', args, 1);
    const m = mapArg('map_entries', args);
    return {
      inputTypes: [m],
      returnType: arrayOf(
        struct([field('key', m.keyType, false), field('value', m.valueType, m.valueContainsNull)]),
        false,
      ),
    };
  }),
  // MapContainsKey is ArrayContains(MapKeys(map), key), the key widened to the map's key type.
  custom('map_contains_key', 'scalar', (args) => {
    checkArity('map_contains_key', args, 2);
    const key = args[1] as ArgInfo;
    if (isVoid(key.type)) {
      throw new LakesqlError('DATATYPE_MISMATCH.NULL_TYPE', {
        sqlExpr: callSql('map_contains_key', args),
        functionName: '`map_contains_key`',
      });
    }
    const m = args[0]?.type as DataType;
    // TypeCoercion.findWiderTypeWithoutStringPromotionForTwo: map_contains_key(map(1, 'a'), 'x') is an error.
    const k =
      m.kind === 'map'
        ? (findTightestCommonType(m.keyType, key.type, LEGACY) ??
          findWiderTypeForDecimal(m.keyType, key.type))
        : undefined;
    if (m.kind !== 'map' || !k) {
      throw new LakesqlError('DATATYPE_MISMATCH.MAP_FUNCTION_DIFF_TYPES', {
        sqlExpr: callSql('map_contains_key', args),
        functionName: '`map_contains_key`',
        dataType: '"MAP"',
        leftType: quotedType(m),
        rightType: quotedType(key.type),
      });
    }
    return { inputTypes: [mapOf(k, m.valueType, m.valueContainsNull), k], returnType: BooleanType };
  }),
  custom('map_concat', 'scalar', (args) => {
    if (args.length === 0)
      return { inputTypes: [], returnType: mapOf(StringType, StringType), nullable: false };
    if (args.some((a) => a.type.kind !== 'map' && !isVoid(a.type))) {
      throw new LakesqlError('DATATYPE_MISMATCH.MAP_CONCAT_DIFF_TYPES', {
        sqlExpr: callSql('map_concat', args),
        functionName: '`map_concat`',
        dataType: `[${args.map((a) => quotedType(a.type)).join(', ')}]`,
      });
    }
    const t = sameTypeArgs('map_concat', args, commonType(args.map((a) => a.type)));
    return { inputTypes: args.map(() => t), returnType: t };
  }),
  custom('map_from_arrays', 'scalar', (args) => {
    checkArity('map_from_arrays', args, 2);
    const k = arrayArg('map_from_arrays', args, 0);
    const v = arrayArg('map_from_arrays', args, 1);
    return { inputTypes: [k, v], returnType: mapOf(k.elementType, v.elementType, v.containsNull) };
  }),
  // MapFromEntries: an array of two-field structs (any field names); a NULL entry gives NULL.
  custom('map_from_entries', 'scalar', (args) => {
    checkArity('map_from_entries', args, 1);
    const a = args[0]?.type as DataType;
    const entry = a.kind === 'array' ? a.elementType : undefined;
    if (entry?.kind !== 'struct' || entry.fields.length !== 2)
      throw unexpectedInputType('map_from_entries', args, 0, '"ARRAY" of pair "STRUCT"');
    const [k, v] = entry.fields as [(typeof entry.fields)[0], (typeof entry.fields)[0]];
    return { inputTypes: [a], returnType: mapOf(k.type, v.type, v.nullable) };
  }),
  // StringToMap (Spark 4): both delimiters are literal text (splitSQL), defaults ',' and ':'.
  custom(
    'str_to_map',
    'scalar',
    (args) => {
      checkArity('str_to_map', args, 1, 3);
      const inputTypes = args.map((_, i) => expectArg('str_to_map', args, i, 'string'));
      return { inputTypes, returnType: mapOf(StringType, StringType) };
    },
    { prettyName: (a) => `str_to_map(${a[0] ?? ''}, ${a[1] ?? ','}, ${a[2] ?? ':'})` },
  ),
  custom('shuffle', 'scalar', (args) => {
    checkArity('shuffle', args, 1);
    const a = arrayArg('shuffle', args, 0);
    return { inputTypes: [a], returnType: a };
  }),
];
