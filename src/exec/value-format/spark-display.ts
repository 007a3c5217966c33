/**
 * How Spark prints locations and times in DESCRIBE output. Spark shows a location through Hadoop's
 * `Path.toString` / `CatalogUtils.URIToString`, which writes a local file URL as `file:/a/b` (one slash),
 * and a creation time through `java.util.Date.toString` (`EEE MMM dd HH:mm:ss zzz yyyy`).
 */

/** `file:///tmp/t/` -> `file:/tmp/t` (no trailing slash); other URLs (`memory://`, `s3://`) unchanged. */
export function sparkLocation(location: string): string {
  const url = location.length > 1 ? location.replace(/\/+$/, '') : location;
  return url.startsWith('file:///') ? `file:/${url.slice('file:///'.length)}` : url;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** java.util.Date#toString in `timeZone`: `Tue Apr 07 22:56:34 UTC 2020`. */
export function javaDateString(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
    timeZoneName: 'short',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const two = (s: string) => s.padStart(2, '0');
  const weekday = WEEKDAYS.find((d) => d === get('weekday')) ?? get('weekday');
  const month = MONTHS[Number(get('month')) - 1] ?? get('month');
  const zone = get('timeZoneName');
  return `${weekday} ${month} ${two(get('day'))} ${two(get('hour'))}:${two(get('minute'))}:${two(get('second'))} ${zone} ${get('year')}`;
}
