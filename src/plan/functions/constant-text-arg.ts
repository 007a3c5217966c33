/**
 * The text argument that schema_of_json and schema_of_csv read at analysis (Spark's `foldable` input
 * checks): a constant, not NULL, of a string type.
 */
import { LakesqlError } from '../../errors/index.js';
import type { ArgInfo } from './function-signature.js';
import { callSql, unexpectedInputType } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';

/** True for STRING, CHAR, VARCHAR and an untyped NULL. */
export function isStringArg(a: ArgInfo): boolean {
  const t = a.type;
  return (
    t.kind === 'char' ||
    t.kind === 'varchar' ||
    (t.kind === 'primitive' && (t.name === 'string' || t.name === 'void'))
  );
}

/** Checks `args[0]` of `name` as Spark does (NON_FOLDABLE_INPUT, UNEXPECTED_NULL, the type), naming it `inputName`. */
export function checkConstantText(name: string, args: readonly ArgInfo[], inputName: string): void {
  const text = args[0]!;
  if (!text.foldable) {
    throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
      sqlExpr: callSql(name, args),
      inputName: `\`${inputName}\``,
      inputType: quotedType(text.type),
      inputExpr: `"${text.sql}"`,
    });
  }
  if (text.value === null) {
    throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_NULL', {
      sqlExpr: callSql(name, args),
      exprName: inputName,
    });
  }
  if (typeof text.value !== 'string') throw unexpectedInputType(name, args, 0, '"STRING"');
}
