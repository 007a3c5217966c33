/**
 * The special datetime strings Spark accepts in DATE and TIMESTAMP typed literals (DateTimeUtils.
 * extractSpecialValue): `epoch`, `now`, `today`, `tomorrow` or `yesterday` in any case, optionally followed by
 * a space and a zone id (`now` takes none). The parser checks the form; the analyzer resolves the zone and
 * the value (plan/analyzer/special-datetime.ts).
 */
const SPECIAL = new Set(['epoch', 'now', 'today', 'tomorrow', 'yesterday']);

export interface SpecialDatetime {
  /** The special word, lower-case. */
  readonly value: string;
  /** The zone id written after it, or '' when none. */
  readonly zone: string;
}

export function specialDatetimeWord(text: string): SpecialDatetime | undefined {
  const input = text.trim();
  if (input.length < 3 || !/^\p{L}/u.test(input)) return undefined;
  const space = input.indexOf(' ');
  const value = (space < 0 ? input : input.slice(0, space)).toLowerCase();
  const zone = space < 0 ? '' : input.slice(space + 1).trim();
  if (!SPECIAL.has(value) || (value === 'now' && zone !== '')) return undefined;
  return { value, zone };
}
