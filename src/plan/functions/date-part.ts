/**
 * `extract(field FROM source)`, `date_part('field', source)` and `datepart`: Spark's DatePart.parseExtractField
 * (datetimeExpressions.scala). The field is a constant; each of its spellings selects one of the datetime
 * part functions, and any other field is INVALID_EXTRACT_FIELD at analysis, before DuckDB sees the query.
 */
import { LakesqlError } from '../../errors/index.js';
import { DoubleType, decimal, IntegerType } from '../../types/data-types.js';
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
  if (part === undefined) {
    throw new LakesqlError('INVALID_EXTRACT_FIELD', { field: `\`${spelling}\``, expr: `"${source.sql}"` });
  }
  if (INTERVAL_KINDS.has(source.type.kind)) {
    // Interval sources have their own fields in Spark (ExtractIntervalPart), which lakesql does not compile.
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `${name} of an interval` });
  }
  const sourceType = expectArg(name, args, 1, TIME_FIELDS.has(part) ? 'timestamp' : 'date');
  return {
    inputTypes: [fieldType, sourceType],
    // SecondWithFraction: seconds with microseconds.
    returnType: part === 'SECOND' ? decimal(8, 6) : IntegerType,
  };
}

export const DATE_PART_FUNCTIONS: readonly FunctionSignature[] = [
  custom('date_part', 'scalar', (args) => resolveDatePart('date_part', args), { aliases: ['datepart'] }),
];
