/**
 * Reads CSV files the way Spark's CSV data source does (CSVFileFormat / UnivocityParser): the header of
 * each file is skipped, column names come from the first file's header (or `_c0`, `_c1`, …), types from
 * the user's schema or from inference (every column string without `inferSchema`), and malformed records
 * (a token count that differs from the schema, or a token that does not convert) follow `mode`:
 * PERMISSIVE keeps the row with NULLs where conversion failed and the raw record in the corrupt-record
 * column when the schema has one; DROPMALFORMED drops it; FAILFAST fails naming the file and line.
 *
 * Like Spark, inference and conversion are separate passes over the text (records are not kept between
 * them), so the only thing a read holds on to is its rows.
 */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, field, StringType, type StructType, struct } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { DataSourceOptions } from '../data-source-options.js';
import { badRecordText, type FileRows, type FileText } from '../file-rows.js';
import { displayUrl } from '../paths/data-files.js';
import { RescuedValues, withRescuedColumn } from '../rescued-data.js';
import {
  DatasetSampler,
  RddSampler,
  rddPartitionSeeds,
  requirePositiveRatio,
  samplesAll,
} from '../spark-sampling.js';
import { type CsvOptions, csvOptions } from './csv-options.js';
import { finishInference, inferRecord, startInference } from './csv-schema-inference.js';
import { scanCsv } from './csv-tokenizer.js';
import { csvColumnConverter, MalformedToken } from './csv-value-converter.js';

export function readCsv(
  files: readonly FileText[],
  options: DataSourceOptions,
  userSchema?: StructType,
): FileRows {
  const o = csvOptions(options);
  const headerNames = o.header ? (firstRecord(files, o) ?? []) : undefined;
  const schema = withRescuedColumn(userSchema ?? inferCsvSchema(headerNames, files, o), o.rescuedDataColumn);
  return { schema, rows: convertFiles(files, schema, o) };
}

/** The first record of the first file that has one, after `skip` records of each file (its header). */
function firstRecord(files: readonly FileText[], o: CsvOptions, skip = 0): string[] | undefined {
  for (const f of files) {
    let found: string[] | undefined;
    let skipped = 0;
    scanCsv(f.text, o, (tokens) => {
      if (skipped < skip) {
        skipped += 1;
        return true;
      }
      found = tokens;
      return false;
    });
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Calls `each` for every data record of `text` (its header record skipped when `header` is on). */
function scanData(
  text: string,
  o: CsvOptions,
  each: (tokens: string[], line: number, input: string, start: number, end: number) => void,
): void {
  let header = o.header;
  scanCsv(text, o, (tokens, line, input, start, end) => {
    if (header) header = false;
    else each(tokens, line, input, start, end);
  });
}

/** The schema Spark infers (or, without inferSchema, all strings) for the files' records. */
export function inferCsvSchema(
  headerNames: readonly string[] | undefined,
  files: readonly FileText[],
  o: CsvOptions,
): StructType {
  const width = headerNames?.length ?? firstRecord(files, o, o.header ? 1 : 0)?.length ?? 0;
  if (width === 0) throw new LakesqlError('UNABLE_TO_INFER_SCHEMA', { format: 'CSV' });
  const names = columnNames(headerNames, width, o);
  let types: DataType[] = names.map(() => StringType);
  requirePositiveRatio(o.samplingRatio);
  if (o.inferSchema) types = inferTypes(files, width, o);
  return struct(names.map((n, i) => field(n, types[i]!, true)));
}

/**
 * CSVInferSchema over all records, or above a ratio of 0.99 over Spark's sample with seed 1
 * (CSVUtils.sample). Line per record, TextInputCSVDataSource samples the files' lines (the header, blank
 * and comment lines draw too; a record is kept when its line is); multi-line, MultiLineCSVDataSource
 * samples the parsed records. Each file is one partition, the largest first (as Spark packs small
 * files). An empty sample is not topped up: every column is then a string, as in Spark.
 */
function inferTypes(files: readonly FileText[], width: number, o: CsvOptions): DataType[] {
  const types = startInference(width);
  const ratio = o.samplingRatio;
  if (samplesAll(ratio)) {
    for (const f of files) scanData(f.text, o, (tokens) => inferRecord(types, tokens, o));
    return finishInference(types);
  }
  const partitionOf = new Map(
    files
      .map((f, i) => ({ size: f.text.length, i }))
      .sort((a, b) => b.size - a.size || a.i - b.i)
      .map((p, partition) => [p.i, partition]),
  );
  const seeds = o.multiLine ? rddPartitionSeeds(files.length) : [];
  files.forEach((f, i) => {
    const partition = partitionOf.get(i)!;
    if (o.multiLine) {
      const sampler = new RddSampler(ratio, seeds[partition]!);
      scanData(f.text, o, (tokens) => {
        if (sampler.next()) inferRecord(types, tokens, o);
      });
    } else {
      const sampler = new DatasetSampler(ratio, partition);
      scanData(f.text, o, (tokens, line) => {
        if (sampler.keeps(line - 1)) inferRecord(types, tokens, o);
      });
    }
  });
  return finishInference(types);
}

/**
 * CSVUtils.makeSafeHeader: empty or NULL names become `_c<i>`; duplicate names (case-insensitively, as
 * spark.sql.caseSensitive is false) get their position appended.
 */
export function columnNames(header: readonly string[] | undefined, width: number, o: CsvOptions): string[] {
  if (header === undefined) return Array.from({ length: width }, (_, i) => `_c${i}`);
  const raw = header.map((h, i) => (h === '' || h === o.nullValue ? `_c${i}` : h));
  const counts = new Map<string, number>();
  for (const n of raw) counts.set(n.toLowerCase(), (counts.get(n.toLowerCase()) ?? 0) + 1);
  return raw.map((n, i) => ((counts.get(n.toLowerCase()) ?? 0) > 1 ? `${n}${i}` : n));
}

function convertFiles(files: readonly FileText[], schema: StructType, o: CsvOptions): Value[][] {
  const corruptAt = schema.fields.findIndex(
    (f) => f.name === o.columnNameOfCorruptRecord && f.type.kind === 'primitive' && f.type.name === 'string',
  );
  const rescuedAt =
    o.rescuedDataColumn === undefined ? -1 : schema.fields.findIndex((f) => f.name === o.rescuedDataColumn);
  const dataFields = schema.fields.filter((_, i) => i !== corruptAt && i !== rescuedAt);
  const converters = dataFields.map((f) => csvColumnConverter(f.type, o));
  const width = converters.length;
  const rows: Value[][] = [];
  for (const file of files) {
    // With a rescued column, each file's header names what it rescues (and must match the schema's case).
    const header = rescuedAt >= 0 && o.header ? firstRecord([file], o) : undefined;
    const caseMismatch = dataFields.map(
      (f, i) =>
        o.readerCaseSensitive &&
        header?.[i] !== undefined &&
        header[i] !== f.name &&
        header[i]!.toLowerCase() === f.name.toLowerCase(),
    );
    const fileName = (i: number) => header?.[i] ?? (i < width ? dataFields[i]!.name : `_c${i}`);
    scanData(file.text, o, (tokens, line, input, start, end) => {
      const rescued = rescuedAt >= 0 ? new RescuedValues() : undefined;
      // A longer record is malformed unless its extra values are rescued; a shorter one always is.
      let bad = rescued ? tokens.length < width : tokens.length !== width;
      const values: Value[] = new Array(width);
      for (let i = 0; i < width; i++) {
        const token = tokens[i];
        if (token === undefined) {
          values[i] = null;
          continue;
        }
        if (rescued && caseMismatch[i]) {
          rescued.add(fileName(i), token);
          values[i] = null;
          continue;
        }
        try {
          values[i] = converters[i]!(token);
        } catch (e) {
          if (!(e instanceof MalformedToken)) throw e;
          if (rescued) rescued.add(fileName(i), token);
          else bad = true;
          values[i] = null;
        }
      }
      if (rescued) for (let i = width; i < tokens.length; i++) rescued.add(fileName(i), tokens[i]!);
      if (bad) {
        if (o.mode === 'DROPMALFORMED') return;
        if (o.mode === 'FAILFAST') {
          throw new LakesqlError('MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION', {
            badRecord: badRecordText(input.slice(start, end), file.path, line),
            failFastMode: 'FAILFAST',
          });
        }
      }
      // The two extra columns go back to their schema positions, the lower first.
      const extras: [number, Value][] = [];
      if (corruptAt >= 0) extras.push([corruptAt, bad ? input.slice(start, end) : null]);
      if (rescued) extras.push([rescuedAt, rescued.text(displayUrl(file.path))]);
      extras.sort((a, b) => a[0] - b[0]);
      for (const [at, v] of extras) values.splice(at, 0, v);
      rows.push(values);
    });
  }
  return rows;
}
