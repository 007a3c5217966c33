/**
 * Time-zone offsets for the writer time zone of a stripe (StripeFooter.writerTimezone), from the IANA
 * database that Node's Intl carries. Offsets are cached per zone and quarter hour: every zone's
 * transitions fall on quarter hours, and a timestamp column asks for the same few offsets again and again.
 */
import { OrcFormatError } from './orc-error.js';

const formatters = new Map<string, Intl.DateTimeFormat>();
const cache = new Map<string, Map<number, number>>();
const QUARTER_HOUR = 15 * 60;

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new OrcFormatError(`ORC: unknown writer time zone ${JSON.stringify(zone)}`);
    }
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC, in seconds, at the instant `utcSeconds`. */
export function zoneOffsetSeconds(zone: string, utcSeconds: number): number {
  const bucket = Math.floor(utcSeconds / QUARTER_HOUR);
  let perZone = cache.get(zone);
  if (perZone === undefined) {
    perZone = new Map();
    cache.set(zone, perZone);
  }
  let off = perZone.get(bucket);
  if (off === undefined) {
    off = computeOffset(zone, bucket * QUARTER_HOUR);
    perZone.set(bucket, off);
  }
  return off;
}

function computeOffset(zone: string, utcSeconds: number): number {
  const parts = formatter(zone).formatToParts(new Date(utcSeconds * 1000));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  let year = get('year');
  if (parts.find((p) => p.type === 'era')?.value === 'BC') year = 1 - year;
  const wall = Date.UTC(year, get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  // Date.UTC maps years 0..99 to 1900..1999; fix them up.
  const d = new Date(wall);
  if (year >= 0 && year < 100) d.setUTCFullYear(year);
  return Math.round(d.getTime() / 1000) - utcSeconds;
}

/** 2015-01-01 00:00:00 UTC, the base of ORC timestamp seconds. */
export const ORC_EPOCH_UTC_SECONDS = 1420070400;

/**
 * Turns stored seconds into the writer's wall-clock seconds (as if UTC), as the C++ reader does with a GMT
 * reader zone: the stored value counts from 2015-01-01 00:00:00 in the writer's zone, and the wall clock
 * is that instant seen in the writer's zone.
 */
export function wallClockConverter(writerZone: string | undefined): (stored: number) => number {
  if (writerZone === undefined || writerZone === 'GMT' || writerZone === 'UTC') {
    return (stored) => stored + ORC_EPOCH_UTC_SECONDS;
  }
  const epoch = ORC_EPOCH_UTC_SECONDS - zoneOffsetSeconds(writerZone, ORC_EPOCH_UTC_SECONDS);
  return (stored) => {
    const writerTime = stored + epoch;
    return writerTime + zoneOffsetSeconds(writerZone, writerTime);
  };
}
