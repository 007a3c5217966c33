/**
 * `spark_from_csv(text VARCHAR, spec VARCHAR) -> VARCHAR[]`: one CSV record split and converted as Spark's
 * UnivocityParser does for from_csv (CsvToStructs), chunk at a time. The result holds one text per field of
 * the schema, in a form whose conversion in SQL is exact (exec/functions/csv-compilers.ts): numbers and
 * booleans as their canonical text, decimals as their digits at the field's scale, dates as epoch days,
 * timestamps parsed with a pattern as epoch microseconds, timestamps without a pattern as ISO text (SQL casts
 * them in the session's time zone), strings as they are. NULL stands for a NULL field.
 *
 * A record that does not convert (a token of the wrong form, more or fewer tokens than fields, no record at
 * all) is malformed: in FAILFAST mode MALFORMED_RECORD_IN_PARSING; in PERMISSIVE mode the fields that did
 * convert are kept (Spark's partial result), the others are NULL, and the corrupt-record field, when the
 * schema has one, holds the text.
 */
import { type DuckDBConnection, DuckDBScalarFunction, LIST, listValue, VARCHAR } from '@duckdb/node-api';
import { LakesqlError } from '../../errors/index.js';
import { type CsvOptions, csvOptions } from '../../formats/csv/csv-options.js';
import { scanCsv } from '../../formats/csv/csv-tokenizer.js';
import { convertCsvToken, MalformedToken } from '../../formats/csv/csv-value-converter.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { bigDecimalText } from '../../formats/writers/value-text.js';
import type { DataType } from '../../types/data-types.js';
import { parseDatetime } from './spark-datetime-parse.js';

/** What the compiler tells the UDF, as JSON in the call's second argument. */
export interface FromCsvSpec {
  readonly options: readonly (readonly [string, string])[];
  /** The schema's fields in order; the corrupt-record field, if any, is marked and takes no token. */
  readonly fields: readonly { readonly type: DataType; readonly corrupt: boolean }[];
  readonly failFast: boolean;
  readonly timeZone: string;
}

interface Plan {
  readonly csv: CsvOptions;
  readonly convert: readonly ((token: string) => string | null)[];
  readonly corrupt: number;
  readonly failFast: boolean;
}

/** The text of one record's tokens per field, or undefined where the record is malformed. */
function planOf(spec: FromCsvSpec): Plan {
  const options = new DataSourceOptions(spec.options);
  const csv = csvOptions(options);
  const dateFormat = options.get('dateFormat');
  const timestampFormat = options.get('timestampFormat');
  const timestampNTZFormat = options.get('timestampNTZFormat');
  const parsed = (token: string, pattern: string, target: 'date' | 'timestamp' | 'timestamp_ntz') => {
    if (token === csv.nullValue) return null;
    const r = parseDatetime(token, pattern, spec.timeZone, target);
    if (r.kind === 'failed') throw new MalformedToken(token);
    return r.value.toString();
  };
  const convert = spec.fields
    .filter((f) => !f.corrupt)
    .map(({ type }): ((token: string) => string | null) => {
      if (type.kind === 'primitive') {
        if (type.name === 'date' && dateFormat !== undefined) return (t) => parsed(t, dateFormat, 'date');
        if (type.name === 'timestamp' && timestampFormat !== undefined)
          return (t) => parsed(t, timestampFormat, 'timestamp');
        if (type.name === 'timestamp_ntz' && timestampNTZFormat !== undefined)
          return (t) => parsed(t, timestampNTZFormat, 'timestamp_ntz');
        if (type.name === 'binary') return (t) => (t === csv.nullValue ? null : t);
      }
      return (t) => canonicalText(convertCsvToken(t, type, csv), type);
    });
  return { csv, convert, corrupt: spec.fields.findIndex((f) => f.corrupt), failFast: spec.failFast };
}

/** A converted value as text that SQL turns back into the same value exactly. */
function canonicalText(v: unknown, type: DataType): string | null {
  if (v === null) return null;
  if (type.kind === 'decimal') return bigDecimalText(v as bigint, type.scale);
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return 'NaN';
    if (v === Infinity) return 'Infinity';
    if (v === -Infinity) return '-Infinity';
  }
  return String(v);
}

/** The field texts of `text` (one record), or the error FAILFAST raises. */
function fieldsOf(text: string, plan: Plan): (string | null)[] {
  let tokens: string[] | undefined;
  scanCsv(text, plan.csv, (t) => {
    tokens = t;
    return false;
  });
  const values: (string | null)[] = [];
  let malformed = tokens === undefined || tokens.length !== plan.convert.length;
  plan.convert.forEach((convert, i) => {
    const token = tokens?.[i];
    if (token === undefined) {
      values.push(null);
      return;
    }
    try {
      values.push(convert(token));
    } catch (e) {
      if (!(e instanceof MalformedToken)) throw e;
      malformed = true;
      values.push(null);
    }
  });
  if (malformed && plan.failFast) {
    throw new LakesqlError('MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION', {
      badRecord: text,
      failFastMode: 'FAILFAST',
    });
  }
  if (plan.corrupt >= 0) values.splice(plan.corrupt, 0, malformed ? text : null);
  return values;
}

export function registerFromCsvUdf(connection: DuckDBConnection): void {
  const plans = new Map<string, Plan>();
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'spark_from_csv',
      returnType: LIST(VARCHAR),
      parameterTypes: [VARCHAR, VARCHAR],
      mainFunction: (_info, input, output) => {
        const texts = input.getColumnVector(0);
        const specs = input.getColumnVector(1);
        try {
          for (let row = 0; row < input.rowCount; row++) {
            const text = texts.getItem(row) as string | null;
            const spec = specs.getItem(row) as string | null;
            if (text === null || spec === null) {
              output.setItem(row, null as never);
              continue;
            }
            let plan = plans.get(spec);
            if (!plan) {
              plan = planOf(JSON.parse(spec) as FromCsvSpec);
              plans.set(spec, plan);
            }
            output.setItem(row, listValue(fieldsOf(text, plan)) as never);
          }
        } catch (e) {
          if (e instanceof LakesqlError)
            throw new Error(`[${e.errorClass}] ${JSON.stringify(e.messageParameters)}`);
          throw e;
        }
        output.flush();
      },
    }),
  );
}
