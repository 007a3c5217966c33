/**
 * Reads JSON Lines (one value per line) or, with `multiLine`, one JSON document per file, as Spark's JSON
 * data source does: a top-level array yields one row per element, a record that does not parse or is not
 * an object is malformed. PERMISSIVE inference adds the corrupt-record column (`_corrupt_record`, string)
 * when some record is malformed and keeps such records as rows of NULLs holding the raw text there;
 * DROPMALFORMED drops them; FAILFAST fails naming the file and line. A value that does not fit its
 * column's type makes the record malformed too (its field is NULL in PERMISSIVE).
 *
 * Records are lines split by `lineSep` (default any of `\n`, `\r\n`, `\r`), in the text decodeFileText
 * decoded with `encoding` (see jsonCharset); `samplingRatio` samples what inference reads as Spark does.
 */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, field, StringType, type StructType, struct } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import { type Charset, encodingOption, resolveCharset } from '../charsets.js';
import { decimalUnscaled } from '../csv/csv-value-converter.js';
import type { DataSourceOptions } from '../data-source-options.js';
import { normalizeTimestamp, parseDateDays } from '../datetime-text.js';
import { badRecordText, type FileRows, type FileText, fileLines } from '../file-rows.js';
import { isJavaInt, isJavaLong, javaDoubleValue } from '../java-number-text.js';
import { parseMode } from '../parse-mode.js';
import { displayUrl } from '../paths/data-files.js';
import { RescuedValues, withRescuedColumn } from '../rescued-data.js';
import { datasetSampleMask, rddSampleMasks, requirePositiveRatio, samplesAll } from '../spark-sampling.js';
import { type JsonLeniency, type JsonNode, JsonSyntaxError, jsonText, parseJson } from './json-parser.js';
import {
  canonicalJsonType,
  compatibleJsonType,
  inferJsonType,
  type JsonInferred,
} from './json-schema-inference.js';

type JsonRecord =
  | {
      readonly kind: 'ok';
      readonly node: JsonNode;
      readonly line: number;
      readonly raw: string;
      readonly path: string;
    }
  | { readonly kind: 'malformed'; readonly line: number; readonly raw: string; readonly path: string };

class Mismatch extends Error {}

/**
 * JSONOptionsInRead's `encoding`/`charset` (undefined when not given): `Charset.forName` (any charset Java
 * knows), then checkedEncoding's two requirements for line-per-record reads: UTF-16 and UTF-32 (which
 * carry a byte-order mark only at the start of the file) need `multiLine`, and any encoding but UTF-8
 * needs an explicit `lineSep`.
 */
export function jsonCharset(options: DataSourceOptions): Charset | undefined {
  const enc = encodingOption(options);
  if (enc === undefined) return undefined;
  const charset = resolveCharset(enc, 'JSONOptions', false);
  const multiLine = options.bool('multiLine', false);
  if (!multiLine && (charset.name === 'UTF-16' || charset.name === 'UTF-32')) {
    throw new LakesqlError('INVALID_OPTION_VALUE', {
      value: enc,
      option: 'encoding',
      reason: `The ${enc} encoding must not be included in the denyList when multiLine is disabled: denylist: UTF-16, UTF-32`,
    });
  }
  if (!multiLine && charset.name !== 'UTF-8' && options.get('lineSep') === undefined) {
    throw new LakesqlError('INVALID_OPTION_VALUE', {
      value: enc,
      option: 'encoding',
      reason: `The lineSep option must be specified for the ${enc} encoding`,
    });
  }
  return charset;
}

/** The parser's leniency switches as JSONOptions reads them, with Spark's defaults. */
export function jsonLeniency(options: DataSourceOptions): JsonLeniency {
  return {
    allowComments: options.bool('allowComments', false),
    allowSingleQuotes: options.bool('allowSingleQuotes', true),
    allowUnquotedFieldNames: options.bool('allowUnquotedFieldNames', false),
    allowNonNumericNumbers: options.bool('allowNonNumericNumbers', true),
    allowNumericLeadingZeros: options.bool('allowNumericLeadingZeros', false),
    allowBackslashEscapingAnyCharacter: options.bool('allowBackslashEscapingAnyCharacter', false),
  };
}

export function readJson(
  files: readonly FileText[],
  options: DataSourceOptions,
  userSchema?: StructType,
): FileRows {
  const leniency = jsonLeniency(options);
  const mode = parseMode(options.get('mode'));
  const corrupt = options.string('columnNameOfCorruptRecord', '_corrupt_record');
  const multiLine = options.bool('multiLine', false);
  jsonCharset(options);
  const lineSep = options.get('lineSep');
  if (lineSep === '') {
    throw new LakesqlError('INVALID_OPTION_VALUE', {
      value: "''",
      option: 'lineSep',
      reason: "'lineSep' cannot be an empty string",
    });
  }
  const samplingRatio = options.number('samplingRatio', 1);
  const perFile = files.map((f) => splitRecords(f, multiLine, lineSep, leniency));
  const records = perFile.flat();
  const inferenceRecords = () => {
    requirePositiveRatio(samplingRatio);
    return sampleJsonRecords(files, perFile, multiLine, lineSep, samplingRatio);
  };
  const failFast = (r: JsonRecord) =>
    new LakesqlError('MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION', {
      badRecord: badRecordText(r.raw, r.path, r.line),
      failFastMode: 'FAILFAST',
    });
  const rescuedColumn = options.get('rescuedDataColumn') || undefined;
  const caseSensitive = options.bool('readerCaseSensitive', true);
  const inferred =
    userSchema ??
    inferSchema(
      inferenceRecords(),
      mode,
      corrupt,
      {
        primitivesAsString: options.bool('primitivesAsString', false),
        prefersDecimal: options.bool('prefersDecimal', false),
      },
      failFast,
      records.length,
    );
  const schema = withRescuedColumn(inferred, rescuedColumn);
  const corruptAt = schema.fields.findIndex(
    (f) => f.name === corrupt && f.type.kind === 'primitive' && f.type.name === 'string',
  );
  const rescuedAt =
    rescuedColumn === undefined ? -1 : schema.fields.findIndex((f) => f.name === rescuedColumn);
  const dataFields = schema.fields.filter((_, i) => i !== corruptAt && i !== rescuedAt);
  // Without a rescued column Spark matches keys exactly; with one, `readerCaseSensitive` decides.
  const matches = (key: string, name: string) =>
    key === name || (rescuedAt >= 0 && !caseSensitive && key.toLowerCase() === name.toLowerCase());
  const rows: Value[][] = [];
  for (const r of records) {
    const objects = r.kind === 'ok' ? rowObjects(r.node) : undefined;
    for (const obj of objects ?? [undefined]) {
      let bad = obj === undefined;
      const mismatched = new Set<string>();
      const values: Value[] = dataFields.map((f) => {
        if (obj === undefined) return null;
        const found = lookupEntry(obj, (k) => matches(k, f.name));
        try {
          return found === undefined ? null : convert(found[1], f.type);
        } catch (e) {
          if (!(e instanceof Mismatch)) throw e;
          if (rescuedAt >= 0) mismatched.add(found![0]);
          else bad = true;
          return null;
        }
      });
      if (bad) {
        if (mode === 'DROPMALFORMED') continue;
        if (mode === 'FAILFAST') throw failFast(r);
      }
      const extras: [number, Value][] = [];
      if (corruptAt >= 0) extras.push([corruptAt, bad ? r.raw : null]);
      if (rescuedAt >= 0) {
        // In the record's key order: values of the wrong type and keys the schema does not have.
        const rescued = new RescuedValues();
        if (obj?.t === 'obj') {
          for (const [k, v] of obj.entries) {
            if (mismatched.has(k) || !dataFields.some((f) => matches(k, f.name)))
              rescued.add(k, v.t === 'str' ? v.v : jsonText(v));
          }
        }
        extras.push([rescuedAt, rescued.text(displayUrl(r.path))]);
      }
      extras.sort((a, b) => a[0] - b[0]);
      for (const [at, v] of extras) values.splice(at, 0, v);
      rows.push(values);
    }
  }
  return { schema, rows };
}

function splitRecords(
  f: FileText,
  multiLine: boolean,
  lineSep: string | undefined,
  l: JsonLeniency,
): JsonRecord[] {
  const text = f.text.charCodeAt(0) === 0xfeff ? f.text.slice(1) : f.text;
  const parse = (raw: string, line: number): JsonRecord => {
    try {
      return { kind: 'ok', node: parseJson(raw, l), line, raw, path: f.path };
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
      return { kind: 'malformed', line, raw, path: f.path };
    }
  };
  if (multiLine) return text.trim() === '' ? [] : [parse(text, 1)];
  return fileLines(text, lineSep).flatMap((raw, i) => (raw.trim() === '' ? [] : [parse(raw, i + 1)]));
}

/**
 * The records schema inference sees: all of them, or above a ratio of 0.99 Spark's sample with seed 1
 * (JsonUtils.sample). Line per record, the files' lines are sampled (blank ones draw too), each file one
 * partition, the largest first; multi-line, the files themselves are (one partition).
 */
function sampleJsonRecords(
  files: readonly FileText[],
  perFile: readonly (readonly JsonRecord[])[],
  multiLine: boolean,
  lineSep: string | undefined,
  ratio: number,
): JsonRecord[] {
  if (samplesAll(ratio)) return perFile.flat();
  if (multiLine) {
    const keep = rddSampleMasks([files.length], ratio)[0]!;
    return perFile.flatMap((recs, i) => (keep[i] ? recs : []));
  }
  const order = files
    .map((f, i) => ({ size: f.text.length, i }))
    .sort((a, b) => b.size - a.size || a.i - b.i)
    .map((p) => p.i);
  const partitionOf = new Map(order.map((fileIndex, p) => [fileIndex, p]));
  return perFile.flatMap((recs, i) => {
    const count = fileLines(files[i]!.text, lineSep).length;
    const keep = datasetSampleMask(count, ratio, partitionOf.get(i)!);
    return recs.filter((r) => keep[r.line - 1]);
  });
}

/** The objects a record holds: itself, or the elements of a top-level array; undefined when malformed. */
function rowObjects(n: JsonNode): JsonNode[] | undefined {
  if (n.t === 'obj') return [n];
  if (n.t === 'arr' && n.items.every((i) => i.t === 'obj')) return [...n.items];
  return undefined;
}

function inferSchema(
  records: readonly JsonRecord[],
  mode: string,
  corrupt: string,
  o: { primitivesAsString: boolean; prefersDecimal: boolean },
  failFast: (r: JsonRecord) => Error,
  totalRecords: number,
): StructType {
  let t: JsonInferred = struct([]);
  let sawCorrupt = false;
  for (const r of records) {
    const objects = r.kind === 'ok' ? rowObjects(r.node) : undefined;
    if (objects === undefined) {
      if (mode === 'FAILFAST') throw failFast(r);
      if (mode === 'PERMISSIVE') sawCorrupt = true;
      continue;
    }
    for (const obj of objects) t = compatibleJsonType(t, inferJsonType(obj, o));
  }
  const canonical = canonicalJsonType(t);
  const fields = canonical?.kind === 'struct' ? [...canonical.fields] : [];
  if (sawCorrupt && !fields.some((f) => f.name === corrupt)) {
    fields.push(field(corrupt, StringType, true));
    fields.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  // An empty sample of records that exist leaves an empty schema, as Spark's does.
  if (fields.length === 0 && totalRecords === 0)
    throw new LakesqlError('UNABLE_TO_INFER_SCHEMA', { format: 'JSON' });
  return struct(fields);
}

/** The last entry of an object whose key satisfies `matches` (Jackson keeps the last of duplicates). */
function lookupEntry(
  obj: JsonNode,
  matches: (key: string) => boolean,
): readonly [string, JsonNode] | undefined {
  if (obj.t !== 'obj') return undefined;
  let found: readonly [string, JsonNode] | undefined;
  for (const entry of obj.entries) if (matches(entry[0])) found = entry;
  return found;
}

function lookup(obj: JsonNode, name: string): JsonNode | undefined {
  return lookupEntry(obj, (k) => k === name)?.[1];
}

/** JacksonParser.makeConverter: the JSON value as a value of `type`, or Mismatch. */
function convert(n: JsonNode, type: DataType): Value {
  if (n.t === 'null') return null;
  switch (type.kind) {
    case 'struct': {
      if (n.t !== 'obj') throw new Mismatch();
      const fields: Record<string, Value> = {};
      for (const f of type.fields) {
        const v = lookup(n, f.name);
        fields[f.name] = v === undefined ? null : convert(v, f.type);
      }
      return { kind: 'struct', fields };
    }
    case 'array':
      if (n.t !== 'arr') throw new Mismatch();
      return n.items.map((i) => convert(i, type.elementType));
    case 'map':
      if (n.t !== 'obj') throw new Mismatch();
      return { kind: 'map', entries: n.entries.map(([k, v]) => [k, convert(v, type.valueType)] as const) };
    case 'decimal':
      if (n.t !== 'num' && n.t !== 'str') throw new Mismatch();
      try {
        return decimalUnscaled(n.t === 'num' ? n.text : n.v, type.precision, type.scale);
      } catch {
        throw new Mismatch();
      }
    case 'char':
    case 'varchar':
      return n.t === 'str' ? n.v : jsonText(n);
    case 'primitive':
      return primitive(n, type.name);
    default:
      throw new Mismatch();
  }
}

function primitive(n: JsonNode, name: string): Value {
  switch (name) {
    case 'string':
      return n.t === 'str' ? n.v : jsonText(n);
    case 'boolean':
      if (n.t !== 'bool') throw new Mismatch();
      return n.v;
    case 'byte':
    case 'short':
    case 'integer':
      if (n.t !== 'num' || !isJavaInt(n.text)) throw new Mismatch();
      return Number(n.text);
    case 'long':
      if (n.t !== 'num' || !isJavaLong(n.text)) throw new Mismatch();
      return BigInt(n.text);
    case 'float':
    case 'double': {
      const text =
        n.t === 'num' ? n.text : n.t === 'str' && /^(NaN|[+-]?Infinity|-?INF)$/.test(n.v) ? n.v : undefined;
      if (text === undefined) throw new Mismatch();
      const v =
        /INF/.test(text) && !/Infinity/.test(text)
          ? text.startsWith('-')
            ? -Infinity
            : Infinity
          : javaDoubleValue(text);
      if (v === undefined) throw new Mismatch();
      return name === 'float' ? Math.fround(v) : v;
    }
    case 'date': {
      const days = n.t === 'str' ? parseDateDays(n.v) : undefined;
      if (days === undefined) throw new Mismatch();
      return days;
    }
    case 'timestamp':
    case 'timestamp_ntz': {
      const ts = n.t === 'str' ? normalizeTimestamp(n.v) : undefined;
      if (ts === undefined) throw new Mismatch();
      return name === 'timestamp_ntz' ? ts.replace(/[+-]\d{2}:\d{2}$/, '') : ts;
    }
    default:
      throw new Mismatch();
  }
}
