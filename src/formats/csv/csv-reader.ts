/**
 * Reads CSV files the way Spark's CSV data source does (CSVFileFormat / UnivocityParser): the header of
 * each file is skipped, column names come from the first file's header (or `_c0`, `_c1`, …), types from
 * the user's schema or from inference (every column string without `inferSchema`), and malformed records
 * (a token count that differs from the schema, or a token that does not convert) follow `mode`:
 * PERMISSIVE keeps the row with NULLs where conversion failed and the raw record in the corrupt-record
 * column when the schema has one; DROPMALFORMED drops it; FAILFAST fails naming the file and line.
 */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, field, StringType, type StructType, struct } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { DataSourceOptions } from '../data-source-options.js';
import { badRecordText, type FileRows, type FileText } from '../file-rows.js';
import { type CsvOptions, csvOptions } from './csv-options.js';
import { inferCsvTypes } from './csv-schema-inference.js';
import { type CsvRecord, tokenizeCsv } from './csv-tokenizer.js';
import { convertCsvToken, MalformedToken } from './csv-value-converter.js';

interface FileRecords {
  readonly path: string;
  readonly records: readonly CsvRecord[];
}

export function readCsv(
  files: readonly FileText[],
  options: DataSourceOptions,
  userSchema?: StructType,
): FileRows {
  const o = csvOptions(options);
  const parsed: FileRecords[] = files.map((f) => ({ path: f.path, records: tokenizeCsv(f.text, o) }));
  const headerNames = o.header
    ? (parsed.find((p) => p.records.length > 0)?.records[0]?.tokens ?? [])
    : undefined;
  const data = parsed.map((p) => ({ path: p.path, records: o.header ? p.records.slice(1) : p.records }));
  const schema = userSchema ?? inferCsvSchema(headerNames, data, o);
  return { schema, rows: convertRecords(data, schema, o) };
}

/** The schema Spark infers (or, without inferSchema, all strings) for the files' records. */
export function inferCsvSchema(
  headerNames: readonly string[] | undefined,
  data: readonly FileRecords[],
  o: CsvOptions,
): StructType {
  const first = data.find((d) => d.records.length > 0)?.records[0];
  const width = headerNames?.length ?? first?.tokens.length ?? 0;
  if (width === 0) throw new LakesqlError('UNABLE_TO_INFER_SCHEMA', { format: 'CSV' });
  const names = columnNames(headerNames, width, o);
  let types: DataType[] = names.map(() => StringType);
  if (o.inferSchema) {
    const all = data.flatMap((d) => d.records.map((r) => r.tokens));
    const sample =
      o.samplingRatio >= 1 ? all : all.slice(0, Math.max(1, Math.ceil(all.length * o.samplingRatio)));
    types = inferCsvTypes(sample, width, o);
  }
  return struct(names.map((n, i) => field(n, types[i]!, true)));
}

/**
 * CSVUtils.makeSafeHeader: empty or NULL names become `_c<i>`; duplicate names (case-insensitively, as
 * spark.sql.caseSensitive is false) get their position appended.
 */
function columnNames(header: readonly string[] | undefined, width: number, o: CsvOptions): string[] {
  if (header === undefined) return Array.from({ length: width }, (_, i) => `_c${i}`);
  const raw = header.map((h, i) => (h === '' || h === o.nullValue ? `_c${i}` : h));
  const counts = new Map<string, number>();
  for (const n of raw) counts.set(n.toLowerCase(), (counts.get(n.toLowerCase()) ?? 0) + 1);
  return raw.map((n, i) => ((counts.get(n.toLowerCase()) ?? 0) > 1 ? `${n}${i}` : n));
}

function convertRecords(data: readonly FileRecords[], schema: StructType, o: CsvOptions): Value[][] {
  const corruptAt = schema.fields.findIndex(
    (f) => f.name === o.columnNameOfCorruptRecord && f.type.kind === 'primitive' && f.type.name === 'string',
  );
  const dataFields = schema.fields.filter((_, i) => i !== corruptAt);
  const rows: Value[][] = [];
  for (const file of data) {
    for (const rec of file.records) {
      let bad = rec.tokens.length !== dataFields.length;
      const values: Value[] = dataFields.map((f, i) => {
        const token = rec.tokens[i];
        if (token === undefined) return null;
        try {
          return convertCsvToken(token, f.type, o);
        } catch (e) {
          if (!(e instanceof MalformedToken)) throw e;
          bad = true;
          return null;
        }
      });
      if (bad) {
        if (o.mode === 'DROPMALFORMED') continue;
        if (o.mode === 'FAILFAST') {
          throw new LakesqlError('MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION', {
            badRecord: badRecordText(rec.raw, file.path, rec.line),
            failFastMode: 'FAILFAST',
          });
        }
      }
      if (corruptAt >= 0) values.splice(corruptAt, 0, bad ? rec.raw : null);
      rows.push(values);
    }
  }
  return rows;
}
