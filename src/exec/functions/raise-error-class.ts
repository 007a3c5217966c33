/**
 * raise_error(errorClass, parms) as Spark 4's QueryExecutionErrors.raiseError runs it: the class (upper
 * case) must be one lakesql knows (USER_RAISED_EXCEPTION_UNKNOWN_ERROR_CLASS otherwise), and the map's keys
 * must be exactly the parameters its message names (USER_RAISED_EXCEPTION_PARAMETER_MISMATCH otherwise);
 * then that class is raised with the map's values (a NULL value reads `null`). Only the class is read at
 * compile time; the map is checked when a row reaches the call, as Spark evaluates it.
 */
import { ERROR_CLASSES, type ErrorClass } from '../../errors/index.js';
import { raise, str } from './compiler-kit.js';

export function raiseErrorClass(errorClassText: string, parms: string): string {
  const errorClass = errorClassText.toUpperCase();
  if (!Object.hasOwn(ERROR_CLASSES, errorClass)) {
    return raise('USER_RAISED_EXCEPTION_UNKNOWN_ERROR_CLASS', { errorClass: str(errorClass) });
  }
  const expected = [...ERROR_CLASSES[errorClass as ErrorClass].message.matchAll(/<([A-Za-z0-9_]+)>/g)]
    .map((m) => m[1]!)
    .filter((p, i, all) => all.indexOf(p) === i)
    .sort();
  const provided = `list_sort(map_keys(${parms}))`;
  const expectedList = `[${expected.map(str).join(', ')}]::VARCHAR[]`;
  const values = Object.fromEntries(
    expected.map((p) => [p, `coalesce(element_at(${parms}, ${str(p)})[1], 'null')`]),
  );
  const mismatch = raise('USER_RAISED_EXCEPTION_PARAMETER_MISMATCH', {
    errorClass: str(errorClass),
    expectedParms: str(expected.join(', ')),
    providedParms: `array_to_string(${provided}, ', ')`,
  });
  return `CASE WHEN ${provided} IS NOT DISTINCT FROM ${expectedList} THEN ${raise(errorClass as ErrorClass, values)} ELSE ${mismatch} END`;
}
