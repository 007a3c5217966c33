/**
 * Spark's array functions that build a new array from the positions of others: array_insert (ArrayInsert) and
 * arrays_zip (ArraysZip), both in org.apache.spark.sql.catalyst.expressions.collectionOperations.
 */
import { LakesqlError } from '../../errors/index.js';
import { arrayOf, type DataType, field, struct } from '../../types/data-types.js';
import { widerType } from './common-type.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';
import { isStringLike, isVoid } from './type-classes.js';

/**
 * TypeCoercion.findTightestCommonType, which ArrayInsert uses for the element and the item: numeric widening
 * and NULL, but never a promotion to STRING (so `array_insert(array(1), 1, '2')` is refused).
 */
export function tightestCommonType(a: DataType, b: DataType): DataType | undefined {
  if (isVoid(a)) return b;
  if (isVoid(b)) return a;
  if (isStringLike(a) !== isStringLike(b)) return undefined;
  return widerType(a, b);
}

function arrayInsert(): FunctionSignature {
  const name = 'array_insert';
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 3);
    const first = args[0]?.type as DataType;
    const a = isVoid(first) ? arrayOf(args[2]?.type as DataType) : expectArg(name, args, 0, 'array');
    if (a.kind !== 'array') throw unexpectedInputType(name, args, 0, '"ARRAY"');
    const pos = expectArg(name, args, 1, 'int');
    const e = tightestCommonType(a.elementType, args[2]?.type as DataType);
    if (!e) {
      throw new LakesqlError('DATATYPE_MISMATCH.ARRAY_FUNCTION_DIFF_TYPES', {
        sqlExpr: callSql(name, args),
        functionName: `\`${name}\``,
        dataType: '"ARRAY"',
        leftType: quotedType(a),
        rightType: quotedType(args[2]?.type as DataType),
      });
    }
    const arr = arrayOf(e, true);
    return { inputTypes: [arr, pos, e], returnType: arr };
  });
}

/** The struct field names of arrays_zip: a column's own name, else the argument's index ("0", "1", …). */
function zipFieldName(arg: ArgInfo, index: number): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(arg.sql) && arg.sql.toUpperCase() !== 'NULL'
    ? arg.sql
    : String(index);
}

function arraysZip(): FunctionSignature {
  const name = 'arrays_zip';
  return custom(name, 'scalar', (args) => {
    const arrays = args.map((a, i) =>
      isVoid(a.type) ? arrayOf(a.type) : (expectArg(name, args, i, 'array') as DataType & { kind: 'array' }),
    );
    const elements = arrays.map((a, i) => field(zipFieldName(args[i] as ArgInfo, i), a.elementType, true));
    return { inputTypes: arrays, returnType: arrayOf(struct(elements), false) };
  });
}

export const ARRAY_BUILDING_FUNCTIONS: readonly FunctionSignature[] = [arrayInsert(), arraysZip()];
