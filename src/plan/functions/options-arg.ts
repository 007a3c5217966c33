/**
 * The options argument of to_json, from_json, schema_of_json and the CSV functions: Spark reads it once, at
 * analysis, from a `map()` of string literals (ExprUtils.convertToMapData), with keys matched without regard
 * to case.
 */
import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import type { ArgInfo } from './function-signature.js';
import { quotedType } from './spark-type-text.js';

/** The options at `args[index]` (none when the argument is absent). */
export function optionsArg(args: readonly ArgInfo[], index: number): DataSourceOptions {
  const arg = args[index];
  if (!arg) return new DataSourceOptions();
  if (!arg.mapCall) throw new LakesqlError('INVALID_OPTIONS.NON_MAP_FUNCTION', {});
  const t = arg.type;
  const stringLike = (x: typeof t) => x.kind === 'primitive' && (x.name === 'string' || x.name === 'void');
  if (t.kind !== 'map' || !stringLike(t.keyType) || !stringLike(t.valueType)) {
    throw new LakesqlError('INVALID_OPTIONS.NON_STRING_TYPE', { mapType: quotedType(t) });
  }
  if (!arg.mapCall.entries) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'options in a map() of values other than string literals',
    });
  }
  return new DataSourceOptions(arg.mapCall.entries);
}
