/**
 * `extract(field FROM source)`, `date_part('field', source)` and `datepart`: Spark's DatePart.parseExtractField
 * (datetimeExpressions.scala). The field is a constant; each of its spellings selects one of the datetime
 * part functions, and any other field is INVALID_EXTRACT_FIELD at analysis, before DuckDB sees the query.
 */
import { LakesqlError } from '../../errors/index.js';
import {
  ByteType,
  type DataType,
  DoubleType,
  decimal,
  IntegerType,
  LongType,
} from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg } from './signature-kit.js';

export type DatePartField =
  | 'YEAR'
  | 'YEAROFWEEK'
  | 'QUARTER'
  | 'MONTH'
  | 'WEEK'
  | 'DAY'
  | 'DAYOFWEEK'
  | 'DAYOFWEEK_ISO'
  | 'DOY'
  | 'HOUR'
  | 'MINUTE'
  | 'SECOND';

const SPELLINGS: Readonly<Record<DatePartField, readonly string[]>> = {
  YEAR: ['YEAR', 'Y', 'YEARS', 'YR', 'YRS'],
  YEAROFWEEK: ['YEAROFWEEK'],
  QUARTER: ['QUARTER', 'QTR'],
  MONTH: ['MONTH', 'MON', 'MONS', 'MONTHS'],
  WEEK: ['WEEK', 'W', 'WEEKS'],
  DAY: ['DAY', 'D', 'DAYS'],
  DAYOFWEEK: ['DAYOFWEEK', 'DOW'],
  DAYOFWEEK_ISO: ['DAYOFWEEK_ISO', 'DOW_ISO'],
  DOY: ['DOY'],
  HOUR: ['HOUR', 'H', 'HOURS', 'HR', 'HRS'],
  MINUTE: ['MINUTE', 'M', 'MIN', 'MINS', 'MINUTES'],
  SECOND: ['SECOND', 'S', 'SEC', 'SECONDS', 'SECS'],
};

const FIELD_OF_SPELLING = new Map(
  Object.entries(SPELLINGS).flatMap(([field, names]) => names.map((n) => [n, field as DatePartField])),
);

/** The field a spelling names (case-insensitive), or undefined. */
export function datePartField(spelling: string): DatePartField | undefined {
  return FIELD_OF_SPELLING.get(spelling.toUpperCase());
}

const INTERVAL_KINDS: ReadonlySet<string> = new Set([
  'calendarInterval',
  'yearMonthInterval',
  'dayTimeInterval',
]);
const TIME_FIELDS: ReadonlySet<DatePartField> = new Set(['HOUR', 'MINUTE', 'SECOND']);

function resolveDatePart(name: string, args: readonly ArgInfo[]) {
  checkArity(name, args, 2);
  const [field, source] = args as [ArgInfo, ArgInfo];
  const fieldType = expectArg(name, args, 0, 'string');
  if (!field.foldable || field.value === undefined) {
    throw new LakesqlError('NON_FOLDABLE_ARGUMENT', {
      funcName: `\`${name}\``,
      paramName: '`field`',
      paramType: '"STRING"',
    });
  }
  // A NULL field gives NULL (Spark's Literal(null, DoubleType)).
  if (field.value === null) return { inputTypes: [fieldType, source.type], returnType: DoubleType };
  const spelling = String(field.value);
  const part = datePartField(spelling);
  if (INTERVAL_KINDS.has(source.type.kind)) {
    return {
      inputTypes: [fieldType, source.type],
      returnType: intervalPartType(spelling, part, source.type, source.sql),
    };
  }
  if (part === undefined) {
    throw new LakesqlError('INVALID_EXTRACT_FIELD', { field: `\`${spelling}\``, expr: `"${source.sql}"` });
  }
  const sourceType = expectArg(name, args, 1, TIME_FIELDS.has(part) ? 'timestamp' : 'date');
  return {
    inputTypes: [fieldType, sourceType],
    // SecondWithFraction: seconds with microseconds.
    returnType: part === 'SECOND' ? decimal(8, 6) : IntegerType,
  };
}

/** The fields an interval type has (Spark's ExtractIntervalPart), by DatePartField. */
const INTERVAL_FIELD_INDEX: Partial<Record<DatePartField, { kind: string; index: number }>> = {
  YEAR: { kind: 'yearMonthInterval', index: 0 },
  MONTH: { kind: 'yearMonthInterval', index: 1 },
  DAY: { kind: 'dayTimeInterval', index: 0 },
  HOUR: { kind: 'dayTimeInterval', index: 1 },
  MINUTE: { kind: 'dayTimeInterval', index: 2 },
  SECOND: { kind: 'dayTimeInterval', index: 3 },
};

/**
 * Spark's ExtractIntervalPart.parseExtractField: an ANSI interval has the fields within its start..end range,
 * a legacy `interval` all six; the result types are ExtractANSIInterval* / ExtractInterval*'s. Any other
 * field is INVALID_EXTRACT_FIELD (Spark 4; 3.x raised _LEGACY_ERROR_TEMP_1102).
 */
function intervalPartType(
  spelling: string,
  part: DatePartField | undefined,
  t: DataType,
  sourceSql: string,
): DataType {
  const f = part === undefined ? undefined : INTERVAL_FIELD_INDEX[part];
  const ok =
    f !== undefined &&
    (t.kind === 'calendarInterval' ||
      ((t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval') &&
        t.kind === f.kind &&
        t.startField <= f.index &&
        f.index <= t.endField));
  if (!ok) {
    throw new LakesqlError('INVALID_EXTRACT_FIELD', { field: `\`${spelling}\``, expr: `"${sourceSql}"` });
  }
  switch (part) {
    case 'YEAR':
    case 'DAY':
      return IntegerType;
    case 'MONTH':
    case 'MINUTE':
      return ByteType;
    case 'HOUR':
      return t.kind === 'calendarInterval' ? LongType : ByteType;
    default:
      return decimal(8, 6);
  }
}

export const DATE_PART_FUNCTIONS: readonly FunctionSignature[] = [
  // `extract(field, source)` is the function form of EXTRACT; it and `datepart` print as Extract does,
  // `name(field FROM source)`, while `date_part` keeps its comma.
  custom('date_part', 'scalar', (args) => resolveDatePart('date_part', args), {
    aliases: ['datepart', 'extract'],
    prettyName: (args, written) =>
      written === 'datepart' || written === 'extract'
        ? `${written}(${args[0] ?? ''} FROM ${args[1] ?? ''})`
        : `date_part(${args.join(', ')})`,
  }),
];
