/**
 * Time-zone rules as java.time's ZoneId gives them to Spark (DateTimeUtils.getZoneId): fixed offsets
 * (`+08:00`, `Z`), prefixed offsets (`UTC+8`), the short ids of ZoneId.SHORT_IDS (`PST`) and region ids
 * (`America/Los_Angeles`), whose historical offsets (local mean time before 1883 included, as tzdb has
 * them) come from the platform's ICU through Intl.
 */

import { SECONDS_PER_DAY } from '../../types/proleptic-calendar.js';

export type ZoneRules =
  | { readonly kind: 'fixed'; readonly id: string; readonly offsetSeconds: number }
  | { readonly kind: 'region'; readonly id: string };

/** java.time.ZoneId.SHORT_IDS, which Spark passes to ZoneId.of. */
const SHORT_IDS: Readonly<Record<string, string>> = {
  ACT: 'Australia/Darwin',
  AET: 'Australia/Sydney',
  AGT: 'America/Argentina/Buenos_Aires',
  ART: 'Africa/Cairo',
  AST: 'America/Anchorage',
  BET: 'America/Sao_Paulo',
  BST: 'Asia/Dhaka',
  CAT: 'Africa/Harare',
  CNT: 'America/St_Johns',
  CST: 'America/Chicago',
  CTT: 'Asia/Shanghai',
  EAT: 'Africa/Addis_Ababa',
  ECT: 'Europe/Paris',
  IET: 'America/Indiana/Indianapolis',
  IST: 'Asia/Kolkata',
  JST: 'Asia/Tokyo',
  MIT: 'Pacific/Apia',
  NET: 'Asia/Yerevan',
  NST: 'Pacific/Auckland',
  PLT: 'Asia/Karachi',
  PNT: 'America/Phoenix',
  PRT: 'America/Puerto_Rico',
  PST: 'America/Los_Angeles',
  SST: 'Pacific/Guadalcanal',
  VST: 'Asia/Ho_Chi_Minh',
  EST: '-05:00',
  MST: '-07:00',
  HST: '-10:00',
};

/** `+h`, `+hh`, `+hh:mm`, `+hhmm`, `+hh:mm:ss`, `+hhmmss` (ZoneOffset.of), in seconds; undefined if malformed. */
export function parseOffsetId(text: string): number | undefined {
  const m = /^([+-])(\d{1,2})(?::?(\d{2})(?::?(\d{2}))?)?$/.exec(text);
  if (!m) return undefined;
  if ((m[2] ?? '').length === 1 && m[3] !== undefined) return undefined;
  const h = Number(m[2]);
  const mi = Number(m[3] ?? 0);
  const s = Number(m[4] ?? 0);
  if (h > 18 || mi > 59 || s > 59) return undefined;
  const total = h * 3600 + mi * 60 + s;
  if (total > 18 * 3600) return undefined;
  return m[1] === '-' ? -total : total;
}

/** ZoneOffset#getId: `Z`, `+08:00`, `-07:52:58`. */
export function offsetId(seconds: number): string {
  if (seconds === 0) return 'Z';
  const abs = Math.abs(seconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor(abs / 60) % 60).padStart(2, '0');
  const ss = abs % 60;
  return `${seconds < 0 ? '-' : '+'}${hh}:${mm}${ss === 0 ? '' : `:${String(ss).padStart(2, '0')}`}`;
}

const zoneCache = new Map<string, ZoneRules>();

/** Spark's DateTimeUtils.getZoneId; throws a RangeError for an unknown zone. */
export function zoneRulesOf(timeZoneId: string): ZoneRules {
  const cached = zoneCache.get(timeZoneId);
  if (cached) return cached;
  const rules = resolveZone(
    timeZoneId.replace(/([+-])(\d):/, '$10$2:').replace(/([+-])(\d\d):(\d)$/, '$1$2:0$3'),
  );
  zoneCache.set(timeZoneId, rules);
  return rules;
}

function resolveZone(id0: string): ZoneRules {
  const id = SHORT_IDS[id0] ?? id0;
  if (id === 'Z') return { kind: 'fixed', id: 'Z', offsetSeconds: 0 };
  if (id.startsWith('+') || id.startsWith('-')) {
    const offset = parseOffsetId(id);
    if (offset === undefined) throw new RangeError(`Invalid ID for ZoneOffset, invalid format: ${id}`);
    return { kind: 'fixed', id: offsetId(offset), offsetSeconds: offset };
  }
  if (id === 'UTC' || id === 'GMT' || id === 'UT') return { kind: 'fixed', id, offsetSeconds: 0 };
  const prefixed = /^(UTC|GMT|UT)([+-].*)$/.exec(id);
  if (prefixed) {
    const offset = parseOffsetId(prefixed[2] ?? '');
    if (offset === undefined) throw new RangeError(`Invalid ID for offset-based ZoneId: ${id}`);
    const prefix = prefixed[1] ?? '';
    return {
      kind: 'fixed',
      id: offset === 0 ? prefix : `${prefix}${offsetId(offset)}`,
      offsetSeconds: offset,
    };
  }
  // Throws RangeError for ids the platform's tzdb does not know.
  new Intl.DateTimeFormat('en-US', { timeZone: id });
  return { kind: 'region', id };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  zone: string,
  timeZoneName: Intl.DateTimeFormatOptions['timeZoneName'],
): Intl.DateTimeFormat {
  const key = `${zone}|${timeZoneName}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName });
    formatters.set(key, f);
  }
  return f;
}

/** JS Dates span ±8.64e15 ms; beyond that the zone's earliest/latest rules hold. */
const MAX_JS_SECONDS = 8_639_000_000_000;

function zoneNameAt(
  zone: string,
  epochSeconds: number,
  style: Intl.DateTimeFormatOptions['timeZoneName'],
): string {
  const clamped = Math.max(-MAX_JS_SECONDS, Math.min(MAX_JS_SECONDS, epochSeconds));
  const parts = formatter(zone, style).formatToParts(new Date(clamped * 1000));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

function regionOffset(zone: string, epochSeconds: number): number {
  const text = zoneNameAt(zone, epochSeconds, 'longOffset');
  if (text === 'GMT') return 0;
  const offset = parseOffsetId(text.slice(3));
  if (offset === undefined) throw new RangeError(`Unexpected offset ${text} for ${zone}`);
  return offset;
}

const BUCKET = 900;
const offsetCache = new Map<string, number>();

/** The zone's offset from UTC, in seconds, at an instant (ZoneRules#getOffset(Instant)). */
export function offsetAt(rules: ZoneRules, epochSeconds: number): number {
  if (rules.kind === 'fixed') return rules.offsetSeconds;
  // Offsets are constant within most 15-minute buckets: cache a bucket when both of its ends agree.
  const bucket = Math.floor(epochSeconds / BUCKET);
  const key = `${rules.id}|${bucket}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const start = regionOffset(rules.id, bucket * BUCKET);
  const end = regionOffset(rules.id, bucket * BUCKET + BUCKET - 1);
  if (start === end) {
    if (offsetCache.size > 100_000) offsetCache.clear();
    offsetCache.set(key, start);
    return start;
  }
  return regionOffset(rules.id, epochSeconds);
}

/**
 * The instant of a local date-time (seconds since the epoch, read as UTC) in the zone, as
 * ZonedDateTime.of resolves it: in an overlap the earlier offset wins; in a gap the local time moves
 * forward by the gap's length (the offset before the transition is used).
 */
export function instantOfLocal(rules: ZoneRules, localSeconds: number): number {
  if (rules.kind === 'fixed') return localSeconds - rules.offsetSeconds;
  const before = offsetAt(rules, localSeconds - SECONDS_PER_DAY);
  const after = offsetAt(rules, localSeconds + SECONDS_PER_DAY);
  const valid = [before, after].filter((o) => offsetAt(rules, localSeconds - o) === o);
  if (valid.length === 0) return localSeconds - before;
  return localSeconds - Math.max(...valid);
}

/** ZoneRules#isDaylightSavings, approximated as "ahead of the lower of the year's January and July offsets". */
function isDaylightSavings(rules: ZoneRules, epochSeconds: number): boolean {
  if (rules.kind === 'fixed') return false;
  const year = new Date(
    Math.max(-MAX_JS_SECONDS, Math.min(MAX_JS_SECONDS, epochSeconds)) * 1000,
  ).getUTCFullYear();
  const jan = offsetAt(rules, Date.UTC(year, 0, 15) / 1000);
  const jul = offsetAt(rules, Date.UTC(year, 6, 15) / 1000);
  return offsetAt(rules, epochSeconds) > Math.min(jan, jul);
}

/**
 * Short names the JDK prints (from its COMPAT zone names) where CLDR's English data has none and ICU would
 * print `GMT+1`: [standard, daylight].
 */
const JDK_SHORT_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  UTC: ['UTC', 'UTC'],
  'Etc/UTC': ['UTC', 'UTC'],
  GMT: ['GMT', 'GMT'],
  'Europe/London': ['GMT', 'BST'],
  'Europe/Dublin': ['GMT', 'IST'],
  'Europe/Lisbon': ['WET', 'WEST'],
  'Europe/Moscow': ['MSK', 'MSK'],
  'Asia/Shanghai': ['CST', 'CDT'],
  'Asia/Taipei': ['CST', 'CDT'],
  'Asia/Hong_Kong': ['HKT', 'HKST'],
  'Asia/Tokyo': ['JST', 'JDT'],
  'Asia/Seoul': ['KST', 'KDT'],
  'Asia/Kolkata': ['IST', 'IDT'],
  'Asia/Calcutta': ['IST', 'IDT'],
  'Asia/Singapore': ['SGT', 'SGT'],
  'Australia/Sydney': ['AEST', 'AEDT'],
  'Australia/Melbourne': ['AEST', 'AEDT'],
  'Australia/Brisbane': ['AEST', 'AEDT'],
  'Australia/Adelaide': ['ACST', 'ACDT'],
  'Australia/Darwin': ['ACST', 'ACDT'],
  'Australia/Perth': ['AWST', 'AWDT'],
  'America/Sao_Paulo': ['BRT', 'BRST'],
};
const CET_ZONES = [
  'Paris',
  'Berlin',
  'Madrid',
  'Rome',
  'Amsterdam',
  'Brussels',
  'Vienna',
  'Zurich',
  'Stockholm',
  'Oslo',
  'Copenhagen',
  'Prague',
  'Warsaw',
  'Budapest',
  'Belgrade',
  'Luxembourg',
  'Monaco',
];
const EET_ZONES = ['Athens', 'Helsinki', 'Kiev', 'Kyiv', 'Bucharest', 'Sofia', 'Riga', 'Tallinn', 'Vilnius'];

function jdkShortName(zone: string, dst: boolean): string | undefined {
  const city = zone.startsWith('Europe/') ? zone.slice(7) : undefined;
  const names =
    JDK_SHORT_NAMES[zone] ??
    (city && CET_ZONES.includes(city) ? ['CET', 'CEST'] : undefined) ??
    (city && EET_ZONES.includes(city) ? ['EET', 'EEST'] : undefined);
  return names?.[dst ? 1 : 0];
}

export type ZoneTextStyle = 'short' | 'full' | 'genericShort' | 'genericFull';

const INTL_STYLE: Record<ZoneTextStyle, Intl.DateTimeFormatOptions['timeZoneName']> = {
  short: 'short',
  full: 'long',
  genericShort: 'shortGeneric',
  genericFull: 'longGeneric',
};

/**
 * The zone's display name at an instant (DateTimeFormatterBuilder.ZoneTextPrinterParser): offsets print their
 * id; regions their standard or daylight name, which java.time picks by the DST flag alone, so local mean time
 * before 1883 still reads `PST`. ICU names the LMT era by its offset instead; then a modern instant with the
 * same DST state is asked.
 */
export function zoneText(rules: ZoneRules, epochSeconds: number, style: ZoneTextStyle): string {
  if (rules.kind === 'fixed') {
    if (rules.id === 'UTC' && style === 'full') return 'Coordinated Universal Time';
    if (rules.id === 'GMT' && style === 'full') return 'Greenwich Mean Time';
    return rules.id;
  }
  const dst = isDaylightSavings(rules, epochSeconds);
  if (style === 'short') {
    const jdk = jdkShortName(rules.id, dst);
    if (jdk) return jdk;
  }
  const name = zoneNameAt(rules.id, epochSeconds, INTL_STYLE[style]);
  if (!name.startsWith('GMT') || name === 'GMT') return name;
  const year = new Date().getUTCFullYear() - 1;
  const jan = Date.UTC(year, 0, 15) / 1000;
  const jul = Date.UTC(year, 6, 15) / 1000;
  const reference = isDaylightSavings(rules, jul) === dst ? jul : jan;
  return zoneNameAt(rules.id, reference, INTL_STYLE[style]);
}
