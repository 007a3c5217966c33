/**
 * Spark 4's VARIANT functions (variantExpressions.scala): parse_json and try_parse_json build a variant from
 * JSON text; variant_get and try_variant_get extract a path as a type; is_variant_null and schema_of_variant
 * inspect one. The path and the target type must be constants, read here at analysis.
 */
import { LakesqlError } from '../../errors/index.js';
import { parseVariantPath } from '../../formats/variant/variant-path.js';
import { BooleanType, type DataType, primitive, StringType } from '../../types/data-types.js';
import { parseDataTypeString } from '../types/parse-data-type.js';
import type { ArgInfo, FunctionSignature, ResolvedCall } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';

export const VariantType = primitive('variant');

export const isVariant = (t: DataType): boolean => t.kind === 'primitive' && t.name === 'variant';

export const VARIANT_FUNCTIONS: readonly FunctionSignature[] = [
  custom('parse_json', 'scalar', (args) => {
    checkArity('parse_json', args, 1);
    return { inputTypes: [expectArg('parse_json', args, 0, 'string')], returnType: VariantType };
  }),
  custom('try_parse_json', 'scalar', (args) => {
    checkArity('try_parse_json', args, 1);
    return { inputTypes: [expectArg('try_parse_json', args, 0, 'string')], returnType: VariantType };
  }),
  custom('is_variant_null', 'scalar', (args) => {
    checkArity('is_variant_null', args, 1);
    return { inputTypes: [variantArg('is_variant_null', args, 0)], returnType: BooleanType, nullable: false };
  }),
  custom('schema_of_variant', 'scalar', (args) => {
    checkArity('schema_of_variant', args, 1);
    return { inputTypes: [variantArg('schema_of_variant', args, 0)], returnType: StringType };
  }),
  custom('schema_of_variant_agg', 'aggregate', (args) => {
    checkArity('schema_of_variant_agg', args, 1);
    return {
      inputTypes: [variantArg('schema_of_variant_agg', args, 0)],
      returnType: StringType,
      nullable: false,
    };
  }),
  variantGet('variant_get'),
  variantGet('try_variant_get'),
];

/** Argument `index` must be a VARIANT: Spark has no implicit cast to it. */
export function variantArg(name: string, args: readonly ArgInfo[], index: number): DataType {
  const t = args[index]!.type;
  if (isVariant(t) || (t.kind === 'primitive' && t.name === 'void')) return VariantType;
  throw unexpectedInputType(name, args, index, '"VARIANT"');
}

/** variant_get(v, path[, type]): `type` (default VARIANT) is a type string, as in CAST. */
function variantGet(name: string): FunctionSignature {
  return custom(name, 'scalar', (args): ResolvedCall => {
    checkArity(name, args, 2, 3);
    const inputTypes = [variantArg(name, args, 0), expectArg(name, args, 1, 'string')];
    const path = args[1]!;
    if (!path.foldable) throw nonFoldable(name, args, 'path', path);
    if (typeof path.value !== 'string' || parseVariantPath(path.value) === undefined) {
      throw new LakesqlError('INVALID_VARIANT_GET_PATH', {
        path: String(path.value ?? path.sql),
        functionName: `\`${name}\``,
      });
    }
    if (args.length === 2) return { inputTypes, returnType: VariantType };
    const typeArg = args[2]!;
    if (!typeArg.foldable || typeof typeArg.value !== 'string')
      throw nonFoldable(name, args, 'type', typeArg);
    const returnType = parseDataTypeString(typeArg.value);
    checkVariantTarget(name, args, returnType);
    return { inputTypes: [...inputTypes, StringType], returnType, text: path.value };
  });
}

function nonFoldable(name: string, args: readonly ArgInfo[], inputName: string, arg: ArgInfo): LakesqlError {
  return new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
    sqlExpr: callSql(name, args),
    inputName: `\`${inputName}\``,
    inputType: quotedType(arg.type),
    inputExpr: `"${arg.sql}"`,
  });
}

/** The target types lakesql extracts: VARIANT and the scalar types (Spark's VariantGet.checkDataType). */
function checkVariantTarget(name: string, args: readonly ArgInfo[], t: DataType): void {
  if (t.kind === 'decimal' || t.kind === 'char' || t.kind === 'varchar') return;
  if (t.kind === 'primitive' && t.name !== 'void') return;
  if (t.kind === 'array' || t.kind === 'map' || t.kind === 'struct') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `${name} to the nested type ${quotedType(t)} (extract VARIANT, then its fields)`,
    });
  }
  throw new LakesqlError('DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION', {
    sqlExpr: callSql(name, args),
    srcType: '"VARIANT"',
    targetType: quotedType(t),
  });
}
