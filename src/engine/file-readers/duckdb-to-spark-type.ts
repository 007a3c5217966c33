/**
 * The reverse of duckdb-types.ts toDuckDBType: the Spark type of a DuckDB type as DESCRIBE prints it,
 * for files whose schema DuckDB reads (Parquet). Parquet's UTC-adjusted timestamps arrive as
 * `TIMESTAMP WITH TIME ZONE` (Spark's timestamp), local ones as `TIMESTAMP` (timestamp_ntz), as Spark's
 * ParquetToSparkSchemaConverter maps them; unsigned integers widen to the next signed type as Spark does.
 */
import { LakesqlError } from '../../errors/index.js';
import {
  arrayOf,
  type DataType,
  decimal,
  field,
  mapOf,
  primitive,
  StringType,
  struct,
} from '../../types/data-types.js';

const SIMPLE: Record<string, DataType> = {
  BOOLEAN: primitive('boolean'),
  TINYINT: primitive('byte'),
  SMALLINT: primitive('short'),
  INTEGER: primitive('integer'),
  BIGINT: primitive('long'),
  UTINYINT: primitive('short'),
  USMALLINT: primitive('integer'),
  UINTEGER: primitive('long'),
  UBIGINT: decimal(20, 0),
  HUGEINT: decimal(38, 0),
  FLOAT: primitive('float'),
  DOUBLE: primitive('double'),
  VARCHAR: StringType,
  UUID: StringType,
  JSON: StringType,
  BLOB: primitive('binary'),
  DATE: primitive('date'),
  TIMESTAMP: primitive('timestamp_ntz'),
  TIMESTAMP_S: primitive('timestamp_ntz'),
  TIMESTAMP_MS: primitive('timestamp_ntz'),
  TIMESTAMP_NS: primitive('timestamp_ntz'),
  'TIMESTAMP WITH TIME ZONE': primitive('timestamp'),
  TIMESTAMPTZ: primitive('timestamp'),
  INTERVAL: { kind: 'calendarInterval' },
  '"NULL"': primitive('void'),
  NULL: primitive('void'),
};

export function fromDuckDBType(text: string): DataType {
  const t = text.trim();
  if (t.endsWith('[]')) return arrayOf(fromDuckDBType(t.slice(0, -2)), true);
  const upper = t.toUpperCase();
  const simple = SIMPLE[upper];
  if (simple) return simple;
  const dec = /^DECIMAL\((\d+),\s*(\d+)\)$/i.exec(t);
  if (dec) return decimal(Number(dec[1]), Number(dec[2]));
  if (/^STRUCT\(/i.test(t) && t.endsWith(')')) {
    return struct(
      splitTopLevel(t.slice(7, -1)).map((part) => {
        const [name, type] = splitFieldName(part);
        return field(name, fromDuckDBType(type), true);
      }),
    );
  }
  if (/^MAP\(/i.test(t) && t.endsWith(')')) {
    const [k, v] = splitTopLevel(t.slice(4, -1));
    return mapOf(fromDuckDBType(k!), fromDuckDBType(v!), true);
  }
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `reading files with DuckDB type ${t}` });
}

/** Splits at commas outside parentheses and quotes. */
function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      out.push(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(s.slice(start).trim());
  return out;
}

function splitFieldName(part: string): [string, string] {
  if (part.startsWith('"')) {
    let i = 1;
    let name = '';
    while (i < part.length) {
      if (part[i] === '"' && part[i + 1] === '"') {
        name += '"';
        i += 2;
      } else if (part[i] === '"') break;
      else name += part[i++];
    }
    return [name, part.slice(i + 1).trim()];
  }
  const sp = part.indexOf(' ');
  return [part.slice(0, sp), part.slice(sp + 1).trim()];
}
