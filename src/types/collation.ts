/**
 * Spark 4's collation names (CollationFactory): which names exist and how Spark spells them back.
 *
 * - `UTF8_BINARY` (the default: byte order) and `UTF8_LCASE` (compares lower-cased strings), each with an
 *   optional `_RTRIM` (trailing spaces ignored);
 * - ICU collations: `UNICODE` (the root locale) or a locale `lang[_Script][_COUNTRY]`, then specifiers in
 *   any order, each at most once: `_CS`/`_CI` (case), `_AS`/`_AI` (accents), `_RTRIM`.
 *
 * Names are case-insensitive; Spark prints them normalized: `UTF8_LCASE`, `UNICODE_CI_AI`, `sr_CI_AI`
 * (language lower case, script title case, country upper case, the defaults CS and AS left out).
 * `collation()` prints them qualified: `SYSTEM.BUILTIN.UTF8_LCASE`.
 */
export const UTF8_BINARY = 'UTF8_BINARY';
export const UTF8_LCASE = 'UTF8_LCASE';
/** Spark's IndeterminateStringType: two implicit collations met; its name prints as `null`. */
export const INDETERMINATE_COLLATION = 'null';

export const COLLATION_QUALIFIER = 'SYSTEM.BUILTIN';

export interface CollationSpec {
  readonly provider: 'spark' | 'icu';
  /** For ICU: `UNICODE` or the normalized locale (`sr`, `en_US`, `zh_Hant_TW`); for Spark's own: the base name. */
  readonly locale: string;
  readonly caseInsensitive: boolean;
  readonly accentInsensitive: boolean;
  readonly rtrim: boolean;
}

/** The parts of a normalized (or written) name; undefined for a name Spark does not know. */
export function parseCollationName(written: string): CollationSpec | undefined {
  const name = stripCollationQualifier(written);
  const upper = name.toUpperCase();
  for (const base of [UTF8_BINARY, UTF8_LCASE]) {
    if (upper === base || upper === `${base}_RTRIM`) {
      return {
        provider: 'spark',
        locale: base,
        caseInsensitive: base === UTF8_LCASE,
        accentInsensitive: false,
        rtrim: upper.endsWith('_RTRIM'),
      };
    }
  }
  const parts = name.split('_');
  const { locale, rest } = icuLocale(parts);
  if (!locale) return undefined;
  const seen = new Set<string>();
  let caseInsensitive = false;
  let accentInsensitive = false;
  let rtrim = false;
  for (const p of rest) {
    const s = p.toUpperCase();
    const group =
      s === 'CS' || s === 'CI' ? 'case' : s === 'AS' || s === 'AI' ? 'accent' : s === 'RTRIM' ? s : '';
    if (!group || seen.has(group)) return undefined;
    seen.add(group);
    if (s === 'CI') caseInsensitive = true;
    if (s === 'AI') accentInsensitive = true;
    if (s === 'RTRIM') rtrim = true;
  }
  return { provider: 'icu', locale, caseInsensitive, accentInsensitive, rtrim };
}

export function collationName(spec: CollationSpec): string {
  if (spec.provider === 'spark') return spec.rtrim ? `${spec.locale}_RTRIM` : spec.locale;
  return [
    spec.locale,
    spec.caseInsensitive ? 'CI' : '',
    spec.accentInsensitive ? 'AI' : '',
    spec.rtrim ? 'RTRIM' : '',
  ]
    .filter((p) => p !== '')
    .join('_');
}

export function stripCollationQualifier(written: string): string {
  const upper = written.toUpperCase();
  return upper.startsWith(`${COLLATION_QUALIFIER}.`)
    ? written.slice(COLLATION_QUALIFIER.length + 1)
    : written;
}

/**
 * The leading locale of an ICU name: `UNICODE`, or a language (2–3 letters), an optional script (4 letters)
 * and an optional country (2 letters) that ICU has collation data for (Node's ICU answers that).
 */
function icuLocale(parts: readonly string[]): { locale: string | undefined; rest: readonly string[] } {
  if (parts[0]?.toUpperCase() === 'UNICODE') return { locale: 'UNICODE', rest: parts.slice(1) };
  const lang = parts[0] ?? '';
  if (!/^[A-Za-z]{2,3}$/.test(lang)) return { locale: undefined, rest: [] };
  let i = 1;
  const tags = [lang.toLowerCase()];
  const next = parts[i] ?? '';
  if (/^[A-Za-z]{4}$/.test(next) && !isSpecifier(next)) {
    tags.push(next[0]!.toUpperCase() + next.slice(1).toLowerCase());
    i++;
  }
  const country = parts[i] ?? '';
  if (/^[A-Za-z]{2}$/.test(country) && !isSpecifier(country)) {
    tags.push(country.toUpperCase());
    i++;
  }
  if (!knownLocale(tags)) return { locale: undefined, rest: [] };
  return { locale: tags.join('_'), rest: parts.slice(i) };
}

function isSpecifier(part: string): boolean {
  return ['CS', 'CI', 'AS', 'AI', 'RTRIM'].includes(part.toUpperCase());
}

function knownLocale(tags: readonly string[]): boolean {
  try {
    const tag = tags.join('-');
    const [found] = Intl.Collator.supportedLocalesOf([tag], { localeMatcher: 'lookup' });
    // `lookup` falls back to the language alone; a language ICU does not know answers nothing.
    return found !== undefined && found.split('-')[0] === tags[0];
  } catch {
    return false;
  }
}
