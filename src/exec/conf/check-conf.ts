/**
 * The check a value passes before a registered key takes it (SET k=v, `--conf`, spark.conf.set, the session
 * builder): a value of the wrong form fails in one line naming the key and what it takes, instead of being
 * kept and misread later (or, for the memory limit, failing deep inside the engine).
 */
import { BYTE_STRING_REQUIREMENT, byteStringAsBytes } from '../../delta/byte-string.js';
import { LakesqlError } from '../../errors/index.js';
import { type ConfType, confEntry } from './conf-entries.js';

/** DuckDB's memory sizes: a number, then a decimal or binary unit (bare numbers are refused by DuckDB). */
const SIZE = /^\s*\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB|K|M|G|T)\s*$/i;
const LONG = /^\s*[-+]?\d{1,19}\s*$/;

export function checkConfValue(key: string, value: string): void {
  const entry = confEntry(key);
  if (entry === undefined) return;
  const requirement = requirementFailed(entry.type, value);
  if (requirement !== undefined) {
    throw new LakesqlError('INVALID_CONF_VALUE.REQUIREMENT', {
      confValue: value,
      confName: `"${key}"`,
      requirement,
    });
  }
}

export function checkConf(conf: Iterable<readonly [string, string]>): void {
  for (const [key, value] of conf) checkConfValue(key, value);
}

/** What the value should have been, or undefined when it is fine. */
function requirementFailed(type: ConfType, value: string): string | undefined {
  switch (type.kind) {
    case 'boolean':
      return /^\s*(true|false)\s*$/i.test(value) ? undefined : 'It should be boolean: true or false.';
    case 'long':
      return LONG.test(value) && BigInt(value.trim()) <= 9223372036854775807n
        ? undefined
        : 'It should be a long integer.';
    case 'enum':
      return type.values.includes(value.trim().toLowerCase())
        ? undefined
        : `It should be one of ${type.values.join(', ')}.`;
    case 'size':
      return SIZE.test(value)
        ? undefined
        : 'It should be a size: a number and a unit, e.g. 512MB or 4GB (KB, MB, GB, TB; KiB, MiB, GiB, TiB).';
    case 'bytes': {
      const bytes = byteStringAsBytes(value);
      if (type.zeroMeansNoLimit && bytes === 0) return undefined;
      return bytes === undefined || bytes <= 0
        ? `It should be a positive size. ${BYTE_STRING_REQUIREMENT}`
        : undefined;
    }
    // The engine resolves time zones (SqlSession.setConf), failing with INVALID_CONF_VALUE.TIME_ZONE.
    case 'timeZone':
    case 'string':
      return undefined;
    default:
      return type satisfies never;
  }
}
