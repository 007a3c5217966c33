/**
 * Spark collations as DuckDB collations: a string of a collated type is compiled as `(x COLLATE c)`, so
 * DuckDB's comparisons, joins, GROUP BY, DISTINCT and ORDER BY use it (vectorized; no per-row function).
 *
 * Measured against Spark's rules (ICU through Node's Intl.Collator, Java's lower case):
 * - UTF8_LCASE is DuckDB's `nocase` (lower-cased comparison). DuckDB's lower() agrees with Java's on every
 *   BMP code point but U+0130 `İ` (Java: `i̇`, DuckDB: `i`) and nine Unicode 16 letters.
 * - ICU collations that are case- and accent-sensitive (`UNICODE`, `de`, `sv`, …) are DuckDB's ICU
 *   collations of the same locale (the root locale's rules are `en`'s: ICU has no tailoring for English);
 *   on a sample of 3,364 pairs of Latin, Nordic, German, Turkish and Serbian letters they agree exactly.
 * - Case- or accent-insensitive ICU collations (`_CI`, `_AI`) do not: DuckDB's nocase/noaccent before ICU
 *   disagree on `ß`/`ss`, `ø`/`o`, `İ` and ligatures, and RTRIM has no DuckDB collation at all. Those are
 *   refused (UNSUPPORTED_FEATURE.COLLATION) rather than answered wrong.
 */
import { LakesqlError } from '../../errors/index.js';
import { hasNonBinaryCollation, innerCollation } from '../../plan/analyzer/collation-coercion.js';
import {
  INDETERMINATE_COLLATION,
  parseCollationName,
  UTF8_BINARY,
  UTF8_LCASE,
} from '../../types/collation.js';
import type { DataType } from '../../types/data-types.js';

/** The ICU locales DuckDB's icu extension registers as collations (PRAGMA collations). */
const DUCKDB_ICU_LOCALES: ReadonlySet<string> = new Set(
  (
    'af am ar ar_sa as az be bg bn bo br bs ca ceb chr cs cy da de de_at dsb dz ee el en en_us eo es et fa ' +
    'fa_af ff fi fil fo fr fr_ca ga gl gu ha haw he he_il hi hr hsb hu hy id id_id ig is it ja ka kk kl km ' +
    'kn ko kok ku ky lb lkt ln lo lt lv mk ml mn mr ms mt my nb nb_no ne nl nn om or pa pa_in pl ps pt ro ru ' +
    'sa se si sk sl smn sq sr sr_ba sr_me sr_rs sv sw ta te th tk to tr ug uk ur uz vi wae wo xh yi yo yue ' +
    'yue_cn zh zh_cn zh_hk zh_mo zh_sg zh_tw zu'
  ).split(' '),
);

/** The DuckDB collation of a Spark collation; undefined for byte order (UTF8_BINARY, indeterminate). */
export function duckdbCollation(collation: string): string | undefined {
  if (collation === UTF8_BINARY || collation === INDETERMINATE_COLLATION) return undefined;
  if (collation === UTF8_LCASE) return 'nocase';
  const spec = parseCollationName(collation);
  if (!spec || spec.rtrim)
    throw unsupported(collation, 'ignores trailing spaces, which the engine cannot do');
  if (spec.caseInsensitive || spec.accentInsensitive) {
    throw unsupported(
      collation,
      'compares case- or accent-insensitively with ICU rules the engine does not match',
    );
  }
  if (spec.locale === 'UNICODE') return 'en';
  const [lang, ...rest] = spec.locale.toLowerCase().split('_');
  const country = rest.find((p) => p.length === 2);
  if (rest.some((p) => p.length === 4))
    throw unsupported(collation, 'names a script the engine has no rules for');
  if (country && DUCKDB_ICU_LOCALES.has(`${lang}_${country}`)) return `${lang}_${country}`;
  if (DUCKDB_ICU_LOCALES.has(lang!)) return lang;
  throw unsupported(collation, 'names a locale the engine has no rules for');
}

/** `sql` with the collation of its type applied, when it is a string of a collation other than byte order. */
export function withDuckdbCollation(sql: string, t: DataType): string {
  if (t.kind !== 'primitive' || t.name !== 'string' || t.collation === undefined) return sql;
  const c = duckdbCollation(t.collation);
  return c === undefined ? sql : `(${sql} COLLATE ${c})`;
}

function unsupported(collationName: string, reason: string): LakesqlError {
  return new LakesqlError('UNSUPPORTED_FEATURE.COLLATION', { collationName, reason });
}

/**
 * Functions DuckDB runs in byte order whatever the collation of their arguments (measured: ends_with,
 * replace, split_part, greatest/least and the list functions ignore `COLLATE nocase`; contains,
 * starts_with, instr, min and max follow it). Spark's versions compare under the collation, so these are
 * refused for a collated argument rather than answered wrong.
 */
const BYTE_ORDER_FUNCTIONS: ReadonlySet<string> = new Set([
  'endswith',
  'replace',
  'split_part',
  'substring_index',
  'translate',
  'locate',
  'position',
  'find_in_set',
  'str_to_map',
  'levenshtein',
  'greatest',
  'least',
  'like',
  'ilike',
  'rlike',
  'regexp',
  'regexp_like',
  'regexp_replace',
  'regexp_extract',
  'regexp_extract_all',
  'regexp_count',
  'regexp_instr',
  'regexp_substr',
  'split',
  'array_contains',
  'array_position',
  'arrays_overlap',
  'array_distinct',
  'array_union',
  'array_intersect',
  'array_except',
  'array_remove',
  'array_sort',
  'sort_array',
  'array_min',
  'array_max',
  'collect_set',
  'mode',
  'map_contains_key',
  'element_at',
  'try_element_at',
]);

/** Search functions DuckDB follows `nocase` in, but not an ICU collation's matching rules. */
const LCASE_ONLY_FUNCTIONS: ReadonlySet<string> = new Set(['contains', 'startswith', 'instr']);

/** Trimming with explicit characters compares them; trimming spaces does not. */
const TRIM_FUNCTIONS: ReadonlySet<string> = new Set(['trim', 'btrim', 'ltrim', 'rtrim']);

/** Refuses a call whose DuckDB function would ignore the collation of its arguments. */
export function checkEngineCollation(name: string, argTypes: readonly DataType[]): void {
  const collated = argTypes.filter(hasNonBinaryCollation);
  if (collated.length === 0) return;
  const collation = innerCollation(collated[0]!)!;
  if (collation === INDETERMINATE_COLLATION) return;
  const refused =
    BYTE_ORDER_FUNCTIONS.has(name) ||
    (TRIM_FUNCTIONS.has(name) && argTypes.length > 1) ||
    (LCASE_ONLY_FUNCTIONS.has(name) && collation !== UTF8_LCASE);
  if (refused) throw unsupported(collation, `in ${name}() is not supported by the engine yet`);
}

/** EXCEPT, INTERSECT and UNION (distinct) compare rows in byte order in DuckDB, whatever the collation. */
export function checkSetOperationCollation(op: string, all: boolean, outputTypes: readonly DataType[]): void {
  if (op === 'union' && all) return;
  const collated = outputTypes.find(hasNonBinaryCollation);
  const collation = collated && innerCollation(collated);
  if (collation === undefined || collation === INDETERMINATE_COLLATION) return;
  throw unsupported(
    collation,
    `in ${op.toUpperCase()}${all ? ' ALL' : ''} is not supported by the engine yet`,
  );
}
