/**
 * The parsing half of java.time's printer-parsers for a compiled Spark pattern (DateTimeFormatter#parse with
 * parseCaseInsensitive and ResolverStyle.STRICT): walks the text element by element and collects the raw
 * field values; spark-datetime-parse.ts resolves them into a date-time.
 */
import type { DatetimeField, OffsetPattern, PatternElement, SignStyle } from './datetime-pattern-elements.js';
import { fieldTexts } from './datetime-text.js';
import { type ZoneRules, zoneRulesOf } from './zone-rules.js';

export interface ParsedFields {
  readonly values: Map<DatetimeField, number>;
  nanoOfSecond?: number;
  offsetSeconds?: number;
  zone?: ZoneRules;
}

/** A parse position, or the index where parsing failed, encoded as `~index` (Java's negative positions). */
type Position = number;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** Fixed widths of the value parsers right after `index`, which java.time reserves (adjacent value parsing). */
function subsequentWidth(elements: readonly PatternElement[], index: number): number {
  let width = 0;
  for (let i = index + 1; i < elements.length; i++) {
    const e = elements[i] as PatternElement;
    if (e.kind === 'number' && e.minWidth === e.maxWidth && e.sign === 'notNegative') width += e.maxWidth;
    else if (e.kind === 'reducedYear') width += 2;
    else break;
  }
  return width;
}

/** NumberPrinterParser#parse in strict mode. */
function parseNumber(
  text: string,
  pos: number,
  minWidth: number,
  maxWidth: number,
  sign: SignStyle,
  reserved: number,
): { readonly pos: Position; readonly value?: number } {
  let p = pos;
  const c = text[p];
  let negative = false;
  let signed = false;
  if (c === '+' || c === '-') {
    if (sign === 'notNegative' || (c === '+' && sign === 'normal')) return { pos: ~p };
    negative = c === '-';
    signed = true;
    p++;
  }
  let run = 0;
  while (run < maxWidth + reserved && isDigit(text[p + run])) run++;
  const take = reserved > 0 ? Math.max(minWidth, run - reserved) : run;
  if (run < minWidth || take > run) return { pos: ~p };
  if (sign === 'exceedsPad') {
    if (!signed && take > minWidth) return { pos: ~pos };
    if (signed && !negative && take <= minWidth) return { pos: ~pos };
  }
  const value = Number(text.slice(p, p + take));
  return { pos: p + take, value: negative ? -value : value };
}

function parseText(
  text: string,
  pos: number,
  field: DatetimeField,
  style: 'short' | 'full' | 'narrow',
  fields: ParsedFields,
): Position {
  const rest = text.slice(pos).toLowerCase();
  let best: readonly [number, string] | undefined;
  for (const entry of fieldTexts(field, style)) {
    if (rest.startsWith(entry[1].toLowerCase()) && (!best || entry[1].length > best[1].length)) best = entry;
  }
  if (!best) return ~pos;
  return setField(fields, field, best[0], pos + best[1].length, pos);
}

function setField(
  fields: ParsedFields,
  field: DatetimeField,
  value: number,
  next: number,
  at: number,
): Position {
  const old = fields.values.get(field);
  if (old !== undefined && old !== value) return ~at;
  fields.values.set(field, value);
  return next;
}

function twoDigits(text: string, p: number): number | undefined {
  return isDigit(text[p]) && isDigit(text[p + 1]) ? Number(text.slice(p, p + 2)) : undefined;
}

/** OffsetIdPrinterParser#parse. */
function parseOffset(
  text: string,
  pos: number,
  pattern: OffsetPattern,
  noOffsetText: string,
  fields: ParsedFields,
): Position {
  if (text.slice(pos, pos + noOffsetText.length).toLowerCase() === noOffsetText.toLowerCase()) {
    fields.offsetSeconds = 0;
    return pos + noOffsetText.length;
  }
  const sign = text[pos];
  if (sign !== '+' && sign !== '-') return ~pos;
  let p = pos + 1;
  const hours = twoDigits(text, p);
  if (hours === undefined) return ~pos;
  p += 2;
  let minutes = 0;
  let seconds = 0;
  const part = (mode: 'required' | 'optional' | 'none'): number | undefined | null => {
    if (mode === 'none') return null;
    const colon = pattern.colons ? 1 : 0;
    if (pattern.colons && text[p] !== ':') return mode === 'required' ? undefined : null;
    const v = twoDigits(text, p + colon);
    if (v === undefined) return mode === 'required' ? undefined : null;
    p += colon + 2;
    return v;
  };
  const m = part(pattern.minutes);
  if (m === undefined) return ~pos;
  if (m !== null) {
    minutes = m;
    const s = part(pattern.seconds);
    if (s === undefined) return ~pos;
    if (s !== null) seconds = s;
  }
  if (hours > 18 || minutes > 59 || seconds > 59) return ~pos;
  const total = hours * 3600 + minutes * 60 + seconds;
  fields.offsetSeconds = sign === '-' ? -total : total;
  return p;
}

/** LocalizedOffsetIdPrinterParser#parse: `GMT`, `GMT+8`, `GMT-07:52:58`. */
function parseLocalizedOffset(text: string, pos: number, fields: ParsedFields): Position {
  if (text.slice(pos, pos + 3).toUpperCase() !== 'GMT') return ~pos;
  const m = /^([+-])(\d{1,2})(?::(\d{2})(?::(\d{2}))?)?/.exec(text.slice(pos + 3));
  if (!m) {
    fields.offsetSeconds = 0;
    return pos + 3;
  }
  const total = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  fields.offsetSeconds = m[1] === '-' ? -total : total;
  return pos + 3 + m[0].length;
}

/** Zone abbreviations java.time's ZoneTextPrinterParser recognises for the common US zones. */
const ZONE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles',
  MST: 'America/Denver',
  MDT: 'America/Denver',
  CST: 'America/Chicago',
  CDT: 'America/Chicago',
  EST: 'America/New_York',
  EDT: 'America/New_York',
  UTC: 'UTC',
  GMT: 'GMT',
  CET: 'Europe/Paris',
  CEST: 'Europe/Paris',
  JST: 'Asia/Tokyo',
};

function parseZone(text: string, pos: number, fields: ParsedFields, names: boolean): Position {
  const m = /^[A-Za-z][A-Za-z0-9~/._+-]*|^[+-][0-9:]+|^Z/.exec(text.slice(pos));
  if (!m) return ~pos;
  // Longest prefix that names a zone.
  for (let len = m[0].length; len > 0; len--) {
    const candidate = m[0].slice(0, len);
    const id = names ? (ZONE_ABBREVIATIONS[candidate.toUpperCase()] ?? candidate) : candidate;
    try {
      fields.zone = zoneRulesOf(id);
      return pos + len;
    } catch {
      // not a zone: try a shorter prefix
    }
  }
  return ~pos;
}

function parseElement(
  elements: readonly PatternElement[],
  index: number,
  text: string,
  pos: number,
  fields: ParsedFields,
): Position {
  const e = elements[index] as PatternElement;
  switch (e.kind) {
    case 'literal': {
      const part = text.slice(pos, pos + e.text.length);
      return part.toLowerCase() === e.text.toLowerCase() ? pos + e.text.length : ~pos;
    }
    case 'number': {
      const fixed = e.minWidth === e.maxWidth;
      const r = parseNumber(
        text,
        pos,
        e.minWidth,
        e.maxWidth,
        e.sign,
        fixed ? 0 : subsequentWidth(elements, index),
      );
      return r.value === undefined ? r.pos : setField(fields, e.field, r.value, r.pos, pos);
    }
    case 'reducedYear': {
      const r = parseNumber(text, pos, 2, 2, 'notNegative', 0);
      return r.value === undefined ? r.pos : setField(fields, e.field, 2000 + r.value, r.pos, pos);
    }
    case 'text':
      return parseText(text, pos, e.field, e.style, fields);
    case 'fraction': {
      let run = 0;
      while (run < e.maxWidth && isDigit(text[pos + run])) run++;
      if (run < e.minWidth) return ~pos;
      if (run > 0) fields.nanoOfSecond = Number(text.slice(pos, pos + run).padEnd(9, '0'));
      return pos + run;
    }
    case 'offset':
      return parseOffset(text, pos, e.pattern, e.noOffsetText, fields);
    case 'localizedOffset':
      return parseLocalizedOffset(text, pos, fields);
    case 'zoneId':
      return parseZone(text, pos, fields, false);
    case 'zoneText':
      return parseZone(text, pos, fields, true);
    case 'optional': {
      const trial: ParsedFields = { ...fields, values: new Map(fields.values) };
      const end = parseElements(e.elements, text, pos, trial);
      if (end < 0) return pos;
      fields.values.clear();
      for (const [k, v] of trial.values) fields.values.set(k, v);
      fields.nanoOfSecond = trial.nanoOfSecond;
      fields.offsetSeconds = trial.offsetSeconds;
      fields.zone = trial.zone;
      return end;
    }
  }
}

/** Parses `text` from `pos` against the elements; the end position, or `~errorIndex`. */
export function parseElements(
  elements: readonly PatternElement[],
  text: string,
  pos: number,
  fields: ParsedFields,
): Position {
  let p = pos;
  for (let i = 0; i < elements.length; i++) {
    p = parseElement(elements, i, text, p, fields);
    if (p < 0) return p;
  }
  return p;
}
