/**
 * Every Spark function lakesql supports, looked up case-insensitively by name or alias (Spark's
 * FunctionRegistry is case-insensitive too). docs/FUNCTIONS.md and the TypeScript API's `functions` module
 * are generated from `FUNCTION_FAMILIES` (by src/api/functions-generated.test.ts).
 */
import { AGGREGATE_FUNCTIONS } from './aggregate-functions.js';
import { ARRAY_BUILDING_FUNCTIONS } from './array-building-functions.js';
import { ASSERTION_FUNCTIONS } from './assertion-functions.js';
import { BITWISE_FUNCTIONS } from './bitwise-functions.js';
import { COLLATION_FUNCTIONS } from './collation-functions.js';
import { COLLECTION_FUNCTIONS } from './collection-functions.js';
import { CONDITIONAL_FUNCTIONS } from './conditional-functions.js';
import { CSV_FUNCTIONS } from './csv-functions.js';
import { DATETIME_EXTRA_FUNCTIONS } from './datetime-extra-functions.js';
import { DATETIME_FUNCTIONS } from './datetime-functions.js';
import { FORMAT_NUMBER_FUNCTIONS } from './format-number-functions.js';
import { FORMAT_STRING_FUNCTIONS } from './format-string-functions.js';
import type { FunctionSignature } from './function-signature.js';
import { HASH_FUNCTIONS } from './hash-functions.js';
import { HIGHER_ORDER_FUNCTIONS } from './higher-order-functions.js';
import { JSON_FUNCTIONS } from './json-functions.js';
import { MAKE_TIMESTAMP_FUNCTIONS } from './make-timestamp-functions.js';
import { MAP_FUNCTIONS } from './map-functions.js';
import { MATH_FUNCTIONS } from './math-functions.js';
import { MISC_FUNCTIONS } from './misc-functions.js';
import { NUMBER_FORMAT_FUNCTIONS } from './number-format-functions.js';
import { PREDICATE_FUNCTIONS } from './predicate-functions.js';
import { RANDOM_FUNCTIONS } from './random-functions.js';
import { REFLECT_FUNCTIONS } from './reflect-functions.js';
import { ROW_INFO_FUNCTIONS } from './row-info-functions.js';
import { SESSION_INFO_FUNCTIONS } from './session-info-functions.js';
import { SESSION_WINDOW_FUNCTIONS } from './session-window-functions.js';
import { STRING_FUNCTIONS } from './string-functions.js';
import { TEXT_FUNCTIONS } from './text-functions.js';
import { TIME_WINDOW_FUNCTIONS } from './time-window-functions.js';
import { TIMEZONE_FUNCTIONS } from './timezone-functions.js';
import { TO_BINARY_FUNCTIONS } from './to-binary-functions.js';
import { TO_CHAR_FUNCTIONS } from './to-char-functions.js';
import { URL_FUNCTIONS } from './url-functions.js';
import { VARIANT_FUNCTIONS } from './variant-functions.js';
import { WINDOW_FUNCTIONS } from './window-functions.js';

/** The families, in the order the docs list them. */
export const FUNCTION_FAMILIES: Readonly<Record<string, readonly FunctionSignature[]>> = {
  string: [
    ...STRING_FUNCTIONS,
    ...NUMBER_FORMAT_FUNCTIONS,
    ...TO_CHAR_FUNCTIONS,
    ...FORMAT_STRING_FUNCTIONS,
    ...FORMAT_NUMBER_FUNCTIONS,
    ...URL_FUNCTIONS,
    ...REFLECT_FUNCTIONS,
    ...TEXT_FUNCTIONS,
    ...TO_BINARY_FUNCTIONS,
  ],
  math: [...MATH_FUNCTIONS, ...RANDOM_FUNCTIONS],
  bitwise: BITWISE_FUNCTIONS,
  datetime: [
    ...DATETIME_FUNCTIONS,
    ...DATETIME_EXTRA_FUNCTIONS,
    ...TIMEZONE_FUNCTIONS,
    ...MAKE_TIMESTAMP_FUNCTIONS,
    ...TIME_WINDOW_FUNCTIONS,
    ...SESSION_WINDOW_FUNCTIONS,
  ],
  conditional: CONDITIONAL_FUNCTIONS,
  aggregate: AGGREGATE_FUNCTIONS,
  window: WINDOW_FUNCTIONS,
  collection: [...COLLECTION_FUNCTIONS, ...ARRAY_BUILDING_FUNCTIONS],
  map: MAP_FUNCTIONS,
  'higher-order': HIGHER_ORDER_FUNCTIONS,
  json: JSON_FUNCTIONS,
  csv: CSV_FUNCTIONS,
  variant: VARIANT_FUNCTIONS,
  hash: HASH_FUNCTIONS,
  misc: [
    ...MISC_FUNCTIONS,
    ...COLLATION_FUNCTIONS,
    ...SESSION_INFO_FUNCTIONS,
    ...ASSERTION_FUNCTIONS,
    ...ROW_INFO_FUNCTIONS,
  ],
  predicate: PREDICATE_FUNCTIONS,
};

const BY_NAME: ReadonlyMap<string, FunctionSignature> = (() => {
  const m = new Map<string, FunctionSignature>();
  for (const f of Object.values(FUNCTION_FAMILIES).flat()) {
    for (const n of [f.name, ...(f.aliases ?? [])]) {
      if (m.has(n)) throw new Error(`function ${n} registered twice`);
      m.set(n, f);
    }
  }
  return m;
})();

export function lookupFunction(name: string): FunctionSignature | undefined {
  return BY_NAME.get(name.toLowerCase());
}

export function allFunctions(): readonly FunctionSignature[] {
  return Object.values(FUNCTION_FAMILIES).flat();
}
