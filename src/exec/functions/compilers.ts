/** The DuckDB side of every registered Spark function, by canonical name (aliases resolve through the registry). */
import { lookupFunction } from '../../plan/functions/registry.js';
import { AGGREGATE_COMPILERS } from './aggregate-compilers.js';
import { ARRAY_BUILDING_COMPILERS } from './array-building-compilers.js';
import { ASSERTION_COMPILERS } from './assertion-compilers.js';
import { BITWISE_COMPILERS } from './bitwise-compilers.js';
import { COLLECTION_COMPILERS } from './collection-compilers.js';
import { CONDITIONAL_COMPILERS } from './conditional-compilers.js';
import { CSV_COMPILERS } from './csv-compilers.js';
import { DATE_PART_COMPILERS } from './date-part-compiler.js';
import { DATETIME_COMPILERS } from './datetime-compilers.js';
import { DATETIME_EXTRA_COMPILERS } from './datetime-extra-compilers.js';
import { FORMAT_NUMBER_COMPILERS } from './format-number-compilers.js';
import { FORMAT_STRING_COMPILERS } from './format-string-compilers.js';
import type { FunctionCompiler } from './function-compiler.js';
import { HASH_COMPILERS } from './hash-compilers.js';
import { HIGHER_ORDER_COMPILERS } from './higher-order-compilers.js';
import { INTERVAL_COMPILERS } from './interval-compilers.js';
import { JSON_COMPILERS } from './json-compilers.js';
import { MAKE_TIMESTAMP_COMPILERS } from './make-timestamp-compilers.js';
import { MAP_COMPILERS } from './map-compilers.js';
import { MATH_COMPILERS } from './math-compilers.js';
import { MISC_COMPILERS } from './misc-compilers.js';
import { NUMBER_FORMAT_COMPILERS } from './number-format-compilers.js';
import { PREDICATE_COMPILERS } from './predicate-compilers.js';
import { RANDOM_COMPILERS } from './random-compilers.js';
import { REFLECT_COMPILERS } from './reflect-compilers.js';
import { ROW_INFO_COMPILERS } from './row-info-compilers.js';
import { SESSION_WINDOW_COMPILERS } from './session-window-compilers.js';
import { STRING_COMPILERS } from './string-compilers.js';
import { TEXT_COMPILERS } from './text-compilers.js';
import { TIME_WINDOW_COMPILERS } from './time-window-compilers.js';
import { TIMEZONE_COMPILERS } from './timezone-compilers.js';
import { TO_BINARY_COMPILERS } from './to-binary-compilers.js';
import { TO_CHAR_COMPILERS } from './to-char-compilers.js';
import { URL_COMPILERS } from './url-compilers.js';
import { VARIANT_COMPILERS } from './variant-compilers.js';
import { WINDOW_COMPILERS } from './window-compilers.js';

const BY_NAME: ReadonlyMap<string, FunctionCompiler> = new Map(
  [
    ...STRING_COMPILERS,
    ...NUMBER_FORMAT_COMPILERS,
    ...FORMAT_STRING_COMPILERS,
    ...FORMAT_NUMBER_COMPILERS,
    ...URL_COMPILERS,
    ...REFLECT_COMPILERS,
    ...TO_CHAR_COMPILERS,
    ...TEXT_COMPILERS,
    ...TO_BINARY_COMPILERS,
    ...ASSERTION_COMPILERS,
    ...ROW_INFO_COMPILERS,
    ...PREDICATE_COMPILERS,
    ...MATH_COMPILERS,
    ...RANDOM_COMPILERS,
    ...BITWISE_COMPILERS,
    ...DATETIME_COMPILERS,
    ...DATETIME_EXTRA_COMPILERS,
    ...TIMEZONE_COMPILERS,
    ...MAKE_TIMESTAMP_COMPILERS,
    ...TIME_WINDOW_COMPILERS,
    ...SESSION_WINDOW_COMPILERS,
    ...DATE_PART_COMPILERS,
    ...INTERVAL_COMPILERS,
    ...CONDITIONAL_COMPILERS,
    ...AGGREGATE_COMPILERS,
    ...WINDOW_COMPILERS,
    ...COLLECTION_COMPILERS,
    ...ARRAY_BUILDING_COMPILERS,
    ...MAP_COMPILERS,
    ...HIGHER_ORDER_COMPILERS,
    ...JSON_COMPILERS,
    ...CSV_COMPILERS,
    ...VARIANT_COMPILERS,
    ...HASH_COMPILERS,
    ...MISC_COMPILERS,
  ].map((c) => [c.name, c]),
);

/** The compiler for a name or alias, case-insensitively. */
export function lookupCompiler(name: string): FunctionCompiler | undefined {
  const canonical = lookupFunction(name)?.name ?? name.toLowerCase();
  return BY_NAME.get(canonical);
}
