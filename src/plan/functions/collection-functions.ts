/**
 * Spark's collection functions (collectionOperations.scala, complexTypeCreator.scala) and the generators
 * explode/posexplode/inline (kind 'generator': the analyzer turns them into a lateral join).
 */

import { LakesqlError } from '../../errors/index.js';
import {
  arrayOf,
  BooleanType,
  type DataType,
  field,
  IntegerType,
  isPrimitive,
  LongType,
  mapOf,
  StringType,
  struct,
} from '../../types/data-types.js';
import { typesEqual } from '../types/type-classes.js';
import { commonType } from './common-type.js';
import type { ArgInfo, FunctionSignature, ResolvedCall, SessionSemantics } from './function-signature.js';
import {
  callSql,
  checkArity,
  custom,
  expectArg,
  sameTypeArgs,
  unexpectedInputType,
  widerArgsType,
  wrongNumArgs,
} from './signature-kit.js';
import { quotedType } from './spark-type-text.js';
import { isIntegral, isPrimitiveNamed, isStringLike, isTimestampLike, isVoid } from './type-classes.js';

function arrayArg(name: string, args: readonly ArgInfo[], i: number): DataType & { kind: 'array' } {
  return expectArg(name, args, i, 'array') as DataType & { kind: 'array' };
}

/** f(array) -> type computed from the array's type. */
const onArray = (
  name: string,
  result: (a: DataType & { kind: 'array' }) => DataType,
  nullable?: boolean,
): FunctionSignature =>
  custom(name, 'scalar', (args) => {
    checkArity(name, args, 1);
    const a = arrayArg(name, args, 0);
    return { inputTypes: [a], returnType: result(a), ...(nullable === undefined ? {} : { nullable }) };
  });

/** f(array<T>, T) with the value widened to the element type (ArrayBinaryLike / array_contains rules). */
function arrayAndElement(name: string, result: (a: DataType) => DataType): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 2);
    const a = arrayArg(name, args, 0);
    const e = commonType([a.elementType, args[1]?.type as DataType]);
    if (!e) {
      throw new LakesqlError('DATATYPE_MISMATCH.ARRAY_FUNCTION_DIFF_TYPES', {
        sqlExpr: callSql(name, args),
        functionName: `\`${name}\``,
        dataType: '"ARRAY"',
        leftType: quotedType(a),
        rightType: quotedType(args[1]?.type as DataType),
      });
    }
    const arr = arrayOf(e, a.containsNull);
    return { inputTypes: [arr, e], returnType: result(arr) };
  });
}

function arrayPair(name: string, result: (a: DataType) => DataType): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 2);
    arrayArg(name, args, 0);
    arrayArg(name, args, 1);
    const t = sameTypeArgs(name, args, commonType(args.map((a) => a.type)));
    return { inputTypes: [t, t], returnType: result(t) };
  });
}

function concat(args: readonly ArgInfo[], semantics: SessionSemantics): ResolvedCall {
  if (args.length > 0 && args.every((a) => a.type.kind === 'array' || isVoid(a.type))) {
    const t = widerArgsType('concat', args, semantics);
    return { inputTypes: args.map(() => t), returnType: t };
  }
  const binary =
    args.length > 0 && args.every((a) => a.type.kind === 'primitive' && a.type.name === 'binary');
  const t = binary ? ({ kind: 'primitive', name: 'binary' } as const) : StringType;
  return {
    inputTypes: args.map((_, i) => (binary ? t : expectArg('concat', args, i, 'string'))),
    returnType: t,
  };
}

function elementAt(name: string): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 2);
    const c = args[0]?.type as DataType;
    if (c.kind === 'map' && isVoid(c.keyType) && args[1]) {
      // ElementAt widens the map to the key's type (findTightestCommonType): `element_at(map(), 'a')` is NULL.
      const k = args[1].type;
      return { inputTypes: [mapOf(k, c.valueType), k], returnType: c.valueType };
    }
    if (c.kind === 'map') return { inputTypes: [c, c.keyType], returnType: c.valueType };
    const a = arrayArg(name, args, 0);
    return { inputTypes: [a, expectArg(name, args, 1, 'int')], returnType: a.elementType };
  });
}

export const COLLECTION_FUNCTIONS: readonly FunctionSignature[] = [
  custom('array', 'scalar', (args, semantics) => {
    const e =
      args.length === 0
        ? ({ kind: 'primitive', name: 'void' } as const)
        : widerArgsType('array', args, semantics);
    return { inputTypes: args.map(() => e), returnType: arrayOf(e, true), nullable: false };
  }),
  custom('map', 'scalar', (args, semantics) => {
    if (args.length % 2 !== 0) throw unexpectedInputType('map', args, args.length - 1, '"MAP"');
    const keys = args.filter((_, i) => i % 2 === 0);
    const values = args.filter((_, i) => i % 2 === 1);
    // `map()` is map<void, void> since Spark 3.0 (as `array()` is array<void>), so that it widens to any map.
    const none = { kind: 'primitive', name: 'void' } as const;
    const k = keys.length ? widerArgsType('map', keys, semantics) : none;
    const v = values.length ? widerArgsType('map', values, semantics) : none;
    return {
      inputTypes: args.map((_, i) => (i % 2 === 0 ? k : v)),
      returnType: mapOf(k, v),
      nullable: false,
    };
  }),
  custom('struct', 'scalar', (args) => ({
    inputTypes: args.map((a) => a.type),
    returnType: struct(
      // A column, a struct field or an alias keeps its name; anything else (a literal 'a' too) is col1, col2, ….
      args.map((a, i) => field(a.name ?? `col${i + 1}`, a.type)),
    ),
    nullable: false,
  })),
  custom('named_struct', 'scalar', (args) => {
    if (args.length === 0 || args.length % 2 !== 0)
      throw unexpectedInputType('named_struct', args, 0, '"STRING"');
    const fields = [];
    for (let i = 0; i < args.length; i += 2) {
      const n = args[i] as ArgInfo;
      if (!isStringLike(n.type) || typeof n.value !== 'string') {
        throw unexpectedInputType('named_struct', args, i, '"STRING"');
      }
      fields.push(field(n.value, (args[i + 1] as ArgInfo).type));
    }
    return { inputTypes: args.map((a) => a.type), returnType: struct(fields), nullable: false };
  }),
  custom(
    'size',
    'scalar',
    (args) => {
      checkArity('size', args, 1);
      const t = args[0]?.type as DataType;
      if (t.kind !== 'map' && t.kind !== 'array' && !isVoid(t))
        throw unexpectedInputType('size', args, 0, '("ARRAY" or "MAP")');
      return { inputTypes: [t], returnType: IntegerType };
    },
    { aliases: ['cardinality'] },
  ),
  // ArraySize accepts NULL (an implicit cast of NullType to ARRAY) and gives NULL.
  custom('array_size', 'scalar', (args) => {
    checkArity('array_size', args, 1);
    const a = isVoid(args[0]?.type as DataType) ? arrayOf(StringType) : arrayArg('array_size', args, 0);
    return { inputTypes: [a], returnType: IntegerType };
  }),
  arrayAndElement('array_contains', () => BooleanType),
  arrayAndElement('array_position', () => LongType),
  arrayAndElement('array_remove', (a) => a),
  arrayAndElement('array_append', (a) => a),
  arrayAndElement('array_prepend', (a) => a),
  elementAt('element_at'),
  elementAt('try_element_at'),
  elementAt('get'),
  custom(
    'sort_array',
    'scalar',
    (args) => {
      checkArity('sort_array', args, 1, 2);
      const a = arrayArg('sort_array', args, 0);
      if (args[1] && !(args[1].type.kind === 'primitive' && args[1].type.name === 'boolean')) {
        throw unexpectedInputType('sort_array', args, 1, '"BOOLEAN"');
      }
      return { inputTypes: args[1] ? [a, args[1].type] : [a], returnType: a };
    },
    { prettyName: (a) => `sort_array(${a[0] ?? ''}, ${a[1] ?? 'true'})` },
  ),
  onArray('array_distinct', (a) => a),
  onArray('array_compact', (a) => arrayOf(a.elementType, false)),
  onArray('array_max', (a) => a.elementType),
  onArray('array_min', (a) => a.elementType),
  onArray('flatten', (a) => (a.elementType.kind === 'array' ? a.elementType : a)),
  arrayPair('array_union', (a) => a),
  arrayPair('array_intersect', (a) => a),
  arrayPair('array_except', (a) => a),
  arrayPair('arrays_overlap', () => BooleanType),
  custom('array_join', 'scalar', (args) => {
    checkArity('array_join', args, 2, 3);
    const a = arrayArg('array_join', args, 0);
    return {
      inputTypes: [a, ...args.slice(1).map((_, i) => expectArg('array_join', args, i + 1, 'string'))],
      returnType: StringType,
    };
  }),
  custom('array_repeat', 'scalar', (args) => {
    checkArity('array_repeat', args, 2);
    const t = args[0]?.type as DataType;
    return { inputTypes: [t, expectArg('array_repeat', args, 1, 'int')], returnType: arrayOf(t) };
  }),
  custom('slice', 'scalar', (args) => {
    checkArity('slice', args, 3);
    const a = arrayArg('slice', args, 0);
    return {
      inputTypes: [a, expectArg('slice', args, 1, 'int'), expectArg('slice', args, 2, 'int')],
      returnType: a,
    };
  }),
  custom('sequence', 'scalar', (args, semantics) => {
    checkArity('sequence', args, 2, 3);
    const bounds = args.slice(0, 2);
    const t = widerArgsType('sequence', bounds, semantics);
    // Sequence.checkInputDataTypes: integral, date or timestamp bounds only (a DECIMAL or STRING pair reached
    // DuckDB's generate_series, which has no such overload).
    if (!isIntegral(t) && !isTimestampLike(t) && !isPrimitiveNamed(t, 'date')) {
      throw new LakesqlError('DATATYPE_MISMATCH.SEQUENCE_WRONG_INPUT_TYPES', {
        sqlExpr: callSql('sequence', args),
        functionName: '`sequence`',
        startType: '"TIMESTAMP"',
        stepType: '"INTERVAL"',
        otherStartType: '"INT"',
      });
    }
    return { inputTypes: args.map((a, i) => (i < 2 ? t : a.type)), returnType: arrayOf(t, false) };
  }),
  custom('map_keys', 'scalar', (args) => {
    checkArity('map_keys', args, 1);
    const m = expectArg('map_keys', args, 0, 'map') as DataType & { kind: 'map' };
    return { inputTypes: [m], returnType: arrayOf(m.keyType, false) };
  }),
  custom('map_values', 'scalar', (args) => {
    checkArity('map_values', args, 1);
    const m = expectArg('map_values', args, 0, 'map') as DataType & { kind: 'map' };
    return { inputTypes: [m], returnType: arrayOf(m.valueType, m.valueContainsNull) };
  }),
  custom('concat', 'scalar', concat),
  custom(
    'explode',
    'generator',
    (args) => {
      checkArity('explode', args, 1);
      const t = args[0]?.type as DataType;
      if (t.kind === 'map')
        return {
          inputTypes: [t],
          returnType: struct([field('key', t.keyType, false), field('value', t.valueType)]),
        };
      const a = arrayArg('explode', args, 0);
      return { inputTypes: [a], returnType: struct([field('col', a.elementType)]) };
    },
    { aliases: ['explode_outer'] },
  ),
  custom(
    'posexplode',
    'generator',
    (args) => {
      checkArity('posexplode', args, 1);
      const a = arrayArg('posexplode', args, 0);
      return {
        inputTypes: [a],
        returnType: struct([field('pos', IntegerType, false), field('col', a.elementType)]),
      };
    },
    { aliases: ['posexplode_outer'] },
  ),
  custom(
    'inline',
    'generator',
    (args) => {
      checkArity('inline', args, 1);
      const t = args[0]?.type as DataType;
      if (t.kind !== 'array' || t.elementType.kind !== 'struct')
        throw unexpectedInputType('inline', args, 0, '"ARRAY<STRUCT<>>"');
      // Spark's elementSchema: the struct's fields, nullable (a NULL element is a row of NULLs).
      return {
        inputTypes: [t],
        returnType: struct(t.elementType.fields.map((f) => field(f.name, f.type, true))),
      };
    },
    { aliases: ['inline_outer'] },
  ),
  custom('stack', 'generator', stack),
];

/**
 * Spark's Stack: `stack(n, v0, v1, …)` spreads the values over n rows of ceil(k / n) columns col0, col1, …,
 * row by row, NULL-padding the last row. Each column is typed by its first non-NULL value; NULLs take that
 * type (StackCoercion) and any other type is STACK_COLUMN_DIFF_TYPES.
 */
function stack(args: readonly ArgInfo[]): ResolvedCall {
  if (args.length <= 1) throw wrongNumArgs('stack', '> 1', args.length);
  const n = args[0]!;
  if (!isPrimitive(n.type, 'integer')) throw unexpectedInputType('stack', args, 0, '"INT"');
  if (!n.foldable) {
    throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
      sqlExpr: callSql('stack', args),
      inputName: '`n`',
      inputType: quotedType(n.type),
      inputExpr: `"${n.sql}"`,
    });
  }
  if (n.value === undefined)
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'a computed stack row count' });
  const rows = n.value === null ? 0 : Number(n.value);
  if (rows < 1) {
    throw new LakesqlError('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE', {
      sqlExpr: callSql('stack', args),
      exprName: '`n`',
      valueRange: '(0, 2147483647]',
      currentValue: String(n.value),
    });
  }
  const values = args.slice(1);
  const width = Math.ceil(values.length / rows);
  const types = Array.from(
    { length: width },
    (_, j) => values.find((v, i) => i % width === j && !isVoid(v.type))?.type ?? values[j]!.type,
  );
  values.forEach((v, i) => {
    const j = i % width;
    if (!isVoid(v.type) && !typesEqual(v.type, types[j]!)) {
      throw new LakesqlError('DATATYPE_MISMATCH.STACK_COLUMN_DIFF_TYPES', {
        sqlExpr: callSql('stack', args),
        columnIndex: j,
        leftParamIndex: j + 1,
        leftType: quotedType(types[j]!),
        rightParamIndex: i + 1,
        rightType: quotedType(v.type),
      });
    }
  });
  return {
    inputTypes: [IntegerType, ...values.map((_, i) => types[i % width]!)],
    returnType: struct(types.map((t, j) => field(`col${j}`, t, true))),
  };
}
