/**
 * Literals as Spark types them (AstBuilder.visitConstant): `1` int (bigint if it does not fit), `1.5`
 * decimal(2,1), `1.5D` double, DATE/TIMESTAMP strings read in the session time zone.
 */
import {
  formatTimestampSpaced,
  parseDate,
  parseTimestampText,
  utcToWallClock,
  wallClockToUtc,
} from '../../delta/datetime-text.js';
import { LakesqlError } from '../../errors/index.js';
import type { Literal } from '../../sql/ast/expressions.js';
import {
  BinaryType,
  BooleanType,
  ByteType,
  DateType,
  DoubleType,
  decimal,
  FloatType,
  IntegerType,
  LongType,
  primitive,
  ShortType,
  StringType,
  TimestampNtzType,
  TimestampType,
} from '../../types/data-types.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import { specialDate, specialTimestamp, specialTimestampNtz } from './special-datetime.js';

export const NullType = primitive('void');

/**
 * `timestampNtz`: spark.sql.timestampType is TIMESTAMP_NTZ, so TIMESTAMP '…' without a zone or offset is a
 * TIMESTAMP_NTZ literal; with one it stays TIMESTAMP (AstBuilder.visitTypeConstructor).
 */
export function literalExpr(
  lit: Literal,
  timeZone: string,
  timestampNtz = false,
): Extract<BoundExpr, { kind: 'literal' }> {
  switch (lit.type) {
    case 'null':
      return { kind: 'literal', value: null, type: NullType };
    case 'boolean':
      return { kind: 'literal', value: lit.value, type: BooleanType };
    case 'tinyint':
      return { kind: 'literal', value: Number(lit.value), type: ByteType };
    case 'smallint':
      return { kind: 'literal', value: Number(lit.value), type: ShortType };
    case 'int':
      return { kind: 'literal', value: Number(lit.value), type: IntegerType };
    case 'bigint':
      return { kind: 'literal', value: lit.value, type: LongType };
    case 'decimal':
      return { kind: 'literal', value: lit.unscaled, type: decimal(lit.precision, lit.scale) };
    case 'double':
      return { kind: 'literal', value: lit.value, type: DoubleType };
    case 'float':
      return { kind: 'literal', value: Math.fround(lit.value), type: FloatType };
    case 'string':
      return { kind: 'literal', value: lit.value, type: StringType };
    case 'binary':
      return { kind: 'literal', value: lit.value, type: BinaryType };
    case 'date': {
      const days = parseDateLiteral(lit.value) ?? specialDate(lit.value, timeZone, nowMicros());
      if (days === undefined) throw invalidTypedLiteral('DATE', lit.value);
      return { kind: 'literal', value: days, type: DateType };
    }
    case 'timestamp':
    case 'timestamp_ltz':
    case 'timestamp_ntz': {
      const special = specialTimestampLiteral(lit.type, lit.value, timeZone, timestampNtz);
      if (special) return special;
      const { text, zone } = splitZoneId(lit.value);
      const parsed = parseTimestampText(normalizeTimestampText(text));
      if (!parsed)
        throw invalidTypedLiteral(lit.type === 'timestamp_ntz' ? 'TIMESTAMP_NTZ' : 'TIMESTAMP', lit.value);
      const ntz =
        lit.type === 'timestamp_ntz' ||
        (lit.type === 'timestamp' && timestampNtz && zone === undefined && parsed.offsetMicros === undefined);
      if (ntz) return { kind: 'literal', value: parsed.wallMicros, type: TimestampNtzType };
      let micros: bigint;
      if (parsed.offsetMicros !== undefined) micros = parsed.wallMicros - parsed.offsetMicros;
      else {
        try {
          micros = wallClockToUtc(parsed.wallMicros, zone ?? timeZone);
        } catch {
          throw invalidTypedLiteral('TIMESTAMP', lit.value);
        }
      }
      return { kind: 'literal', value: micros, type: TimestampType };
    }
    default: {
      const never: never = lit;
      throw new Error(`unknown literal ${JSON.stringify(never)}`);
    }
  }
}

/**
 * A special value (`now`, `today`, …) of a TIMESTAMP literal: TIMESTAMP_NTZ when the literal is one, or when
 * spark.sql.timestampType makes TIMESTAMP mean it (a special value names no zone of its own).
 */
function specialTimestampLiteral(
  type: 'timestamp' | 'timestamp_ltz' | 'timestamp_ntz',
  text: string,
  timeZone: string,
  timestampNtz: boolean,
): Extract<BoundExpr, { kind: 'literal' }> | undefined {
  const now = nowMicros();
  if (type === 'timestamp_ntz' || (type === 'timestamp' && timestampNtz)) {
    const wall = specialTimestampNtz(text, timeZone, now);
    return wall === undefined ? undefined : { kind: 'literal', value: wall, type: TimestampNtzType };
  }
  const micros = specialTimestamp(text, timeZone, now);
  return micros === undefined ? undefined : { kind: 'literal', value: micros, type: TimestampType };
}

const nowMicros = (): bigint => BigInt(Date.now()) * 1000n;

/** Spark's stringToDate accepts `yyyy`, `yyyy-[m]m`, `yyyy-[m]m-[d]d` and anything after a space or `T`. */
function parseDateLiteral(text: string): number | undefined {
  const m = /^\s*([+-]?\d{4,7})(?:-(\d{1,2})(?:-(\d{1,2})(?:[ T].*)?)?)?\s*$/.exec(text);
  if (!m) return undefined;
  const iso = `${m[1]}-${(m[2] ?? '1').padStart(2, '0')}-${(m[3] ?? '1').padStart(2, '0')}`;
  return parseDate(iso);
}

/**
 * Spark accepts a zone id after the time (`…123UTC+080000`, `…000Europe/Paris`, `… America/Los_Angeles`):
 * split it off and normalise `UTC+hhmmss` / `GMT+h` forms to an offset the time-zone code understands.
 */
function splitZoneId(text: string): { text: string; zone: string | undefined } {
  const m =
    /^(.*?\d)\s*((?:UTC|GMT|UT)(?:[+-]\d{1,6}(?::\d{2}(?::\d{2})?)?)?|[A-Za-z]+\/[A-Za-z_+\-/0-9]+)\s*$/.exec(
      text,
    );
  if (!m) return { text, zone: undefined };
  const zone = m[2]!;
  const off = /^(?:UTC|GMT|UT)([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?$/.exec(zone);
  if (off) return { text: m[1]!, zone: `${off[1]}${off[2]!.padStart(2, '0')}:${off[3] ?? '00'}` };
  if (/^(UTC|GMT|UT)$/.test(zone)) return { text: m[1]!, zone: 'UTC' };
  return { text: m[1]!, zone };
}

/** Pads `2019-1-5 1:2:3` style fields so that the strict timestamp reader accepts what Spark accepts. */
function normalizeTimestampText(text: string): string {
  const m =
    /^\s*([+-]?\d{4,})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?\s*$/.exec(
      text,
    );
  if (!m) {
    const dateOnly = /^\s*([+-]?\d{4,})(?:-(\d{1,2}))?\s*$/.exec(text);
    if (dateOnly) return `${dateOnly[1]}-${(dateOnly[2] ?? '1').padStart(2, '0')}-01`;
    return text;
  }
  const p = (s: string | undefined) => (s ?? '0').padStart(2, '0');
  const time = m[4] === undefined ? '' : ` ${p(m[4])}:${p(m[5])}:${p(m[6])}${m[7] ?? ''}`;
  return `${m[1]}-${p(m[2])}-${p(m[3])}${time}${m[8] ?? ''}`;
}

function invalidTypedLiteral(valueType: string, value: string): LakesqlError {
  return new LakesqlError('INVALID_TYPED_LITERAL', { valueType: `"${valueType}"`, value: `'${value}'` });
}

/**
 * Spark's Literal.sql of a timestamp literal: `TIMESTAMP '…'` prints the instant in the session time zone
 * (`TIMESTAMP '2020-12-01 14:30:08Z'` reads `TIMESTAMP '2020-12-01 06:30:08'` in Los Angeles) and
 * `TIMESTAMP_NTZ '…'` the wall clock; undefined for any other literal.
 */
export function timestampLiteralSql(
  bound: Extract<BoundExpr, { kind: 'literal' }>,
  timeZone: string,
): string | undefined {
  if (typeof bound.value !== 'bigint' || bound.type.kind !== 'primitive') return undefined;
  if (bound.type.name === 'timestamp_ntz') return `TIMESTAMP_NTZ '${formatTimestampSpaced(bound.value)}'`;
  if (bound.type.name === 'timestamp') {
    return `TIMESTAMP '${formatTimestampSpaced(utcToWallClock(bound.value, timeZone))}'`;
  }
  return undefined;
}
