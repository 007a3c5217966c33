/**
 * Spark's data type and DDL schema strings: `parseDataTypeString('map<string,int>')` and
 * `parseSchemaDdl('id int, name string not null comment "x"')`, as CAST, CREATE TABLE column lists,
 * createDataFrame and spark.read.schema write them. The type names follow Spark's AstBuilder
 * (visitPrimitiveDataType, visitComplexDataType, visitYearMonthIntervalDataType, visitDayTimeIntervalDataType)
 * and `DataType.fromDDL` / `StructType.fromDDL` (a schema string that is not a column list is read as a type).
 */
import { LakesqlError } from '../../errors/index.js';
import {
  arrayOf,
  BinaryType,
  BooleanType,
  ByteType,
  type DataType,
  DateType,
  DoubleType,
  decimal,
  FloatType,
  field,
  IntegerType,
  LongType,
  mapOf,
  primitive,
  ShortType,
  StringType,
  type StructField,
  type StructType,
  struct,
  TimestampNtzType,
  TimestampType,
} from '../../types/data-types.js';
import { type DdlToken, tokenizeDdl } from './ddl-tokens.js';
import { MAX_PRECISION } from './type-classes.js';

/** A Spark SQL type name as written in SQL (`INT`, `decimal(10,2)`, `array<struct<a:int>>`). */
export function parseDataTypeString(text: string): DataType {
  const p = new DdlParser(text);
  const t = p.dataType();
  p.expectEnd();
  return t;
}

/**
 * A DDL schema string: comma-separated `name type [NOT NULL] [COMMENT 'text']` columns. Like Spark's
 * StructType.fromDDL, a string that does not parse as a column list but does parse as a struct type
 * (`struct<a:int>`) is accepted too. A COMMENT lands in the field metadata under `comment`, as in Spark.
 */
export function parseSchemaDdl(text: string): StructType {
  try {
    const p = new DdlParser(text);
    const fields = p.columnList();
    p.expectEnd();
    return struct(fields);
  } catch (columnsError) {
    try {
      const t = parseDataTypeString(text);
      if (t.kind === 'struct') return t;
    } catch {
      // The column-list error is the more useful one.
    }
    throw columnsError;
  }
}

class DdlParser {
  private readonly tokens: readonly DdlToken[];
  private pos = 0;

  constructor(private readonly text: string) {
    this.tokens = tokenizeDdl(text);
  }

  private peek(offset = 0): DdlToken {
    // tokenizeDdl always ends with an 'end' token.
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)]!;
  }

  private next(): DdlToken {
    const t = this.peek();
    if (t.kind !== 'end') this.pos += 1;
    return t;
  }

  private isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'word' && t.text.toLowerCase() === word;
  }

  private isSymbol(symbol: string): boolean {
    const t = this.peek();
    return t.kind === 'symbol' && t.text === symbol;
  }

  private acceptSymbol(symbol: string): boolean {
    if (!this.isSymbol(symbol)) return false;
    this.pos += 1;
    return true;
  }

  private expectSymbol(symbol: string): void {
    if (!this.acceptSymbol(symbol)) throw this.syntaxError();
  }

  expectEnd(): void {
    if (this.peek().kind !== 'end') throw this.syntaxError();
  }

  /** PARSE_SYNTAX_ERROR naming the offending token, as Spark's parser does (`'<EOF>'` at the end). */
  syntaxError(): LakesqlError {
    const t = this.peek();
    const error = t.kind === 'end' ? 'end of input' : `'${t.text}'`;
    return new LakesqlError('PARSE_SYNTAX_ERROR', { error, hint: '' });
  }

  columnList(): StructField[] {
    const fields: StructField[] = [];
    do {
      fields.push(this.fieldDefinition(false));
    } while (this.acceptSymbol(','));
    return fields;
  }

  /** `name [:] type [NOT NULL] [COMMENT 'text']`; the colon is what struct<> fields may use. */
  private fieldDefinition(colonAllowed: boolean): StructField {
    const name = this.identifier();
    if (colonAllowed) this.acceptSymbol(':');
    const type = this.dataType();
    let nullable = true;
    let comment: string | undefined;
    for (;;) {
      if (this.isWord('not') && this.isWord('null', 1)) {
        this.pos += 2;
        nullable = false;
      } else if (this.isWord('comment')) {
        this.pos += 1;
        const t = this.next();
        if (t.kind !== 'string') {
          this.pos -= t.kind === 'end' ? 0 : 1;
          throw this.syntaxError();
        }
        comment = t.text;
      } else {
        break;
      }
    }
    return field(name, type, nullable, comment === undefined ? {} : { comment });
  }

  private identifier(): string {
    const t = this.next();
    if (t.kind === 'word' || t.kind === 'quoted') return t.text;
    this.pos -= t.kind === 'end' ? 0 : 1;
    throw this.syntaxError();
  }

  dataType(): DataType {
    const t = this.next();
    if (t.kind !== 'word') {
      this.pos -= t.kind === 'end' ? 0 : 1;
      throw this.syntaxError();
    }
    const name = t.text.toLowerCase();
    switch (name) {
      case 'array': {
        this.expectSymbol('<');
        const element = this.dataType();
        this.expectSymbol('>');
        return arrayOf(element);
      }
      case 'map': {
        this.expectSymbol('<');
        const key = this.dataType();
        this.expectSymbol(',');
        const value = this.dataType();
        this.expectSymbol('>');
        return mapOf(key, value);
      }
      case 'struct': {
        this.expectSymbol('<');
        const fields: StructField[] = [];
        if (!this.isSymbol('>')) {
          do {
            fields.push(this.fieldDefinition(true));
          } while (this.acceptSymbol(','));
        }
        this.expectSymbol('>');
        return struct(fields);
      }
      case 'interval':
        return this.intervalType();
      default:
        return this.primitiveType(t.text, this.typeParameters());
    }
  }

  private typeParameters(): number[] {
    const params: number[] = [];
    if (!this.acceptSymbol('(')) return params;
    do {
      const t = this.next();
      if (t.kind !== 'number') {
        this.pos -= t.kind === 'end' ? 0 : 1;
        throw this.syntaxError();
      }
      params.push(Number(t.text));
    } while (this.acceptSymbol(','));
    this.expectSymbol(')');
    return params;
  }

  private primitiveType(written: string, params: readonly number[]): DataType {
    const name = written.toLowerCase();
    const unsupported = () =>
      new LakesqlError('UNSUPPORTED_DATATYPE', {
        typeName: `"${[written.toUpperCase(), params.length > 0 ? `(${params.join(',')})` : ''].join('')}"`,
      });
    const simple = SIMPLE_TYPES.get(name);
    if (simple !== undefined) {
      if (params.length > 0) throw unsupported();
      return simple;
    }
    switch (name) {
      case 'decimal':
      case 'dec':
      case 'numeric': {
        if (params.length > 2) throw unsupported();
        const precision = params[0] ?? 10;
        const scale = params[1] ?? 0;
        if (precision > MAX_PRECISION) {
          throw new LakesqlError('DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION', {
            precision,
            maxPrecision: MAX_PRECISION,
          });
        }
        if (scale > precision) throw unsupported();
        return decimal(precision, scale);
      }
      case 'char':
      case 'character':
      case 'varchar': {
        if (params.length === 0) {
          throw new LakesqlError('DATATYPE_MISSING_SIZE', { type: `"${written.toUpperCase()}"` });
        }
        if (params.length > 1) throw unsupported();
        const length = params[0]!;
        return name === 'varchar' ? { kind: 'varchar', length } : { kind: 'char', length };
      }
      default:
        throw unsupported();
    }
  }

  /** `INTERVAL`, `INTERVAL YEAR [TO MONTH]`, `INTERVAL DAY [TO HOUR|MINUTE|SECOND]` … (AstBuilder). */
  private intervalType(): DataType {
    const start = this.intervalField();
    if (start === undefined) return { kind: 'calendarInterval' };
    let end = start;
    if (this.isWord('to')) {
      this.pos += 1;
      const e = this.intervalField();
      if (e === undefined || e.family !== start.family || e.index <= start.index) throw this.syntaxError();
      end = e;
    }
    if (start.family === 'ym') {
      return { kind: 'yearMonthInterval', startField: start.index as 0 | 1, endField: end.index as 0 | 1 };
    }
    return {
      kind: 'dayTimeInterval',
      startField: start.index as 0 | 1 | 2 | 3,
      endField: end.index as 0 | 1 | 2 | 3,
    };
  }

  private intervalField(): { family: 'ym' | 'dt'; index: number } | undefined {
    const t = this.peek();
    if (t.kind !== 'word') return undefined;
    const f = INTERVAL_FIELDS.get(t.text.toLowerCase());
    if (f !== undefined) this.pos += 1;
    return f;
  }
}

const SIMPLE_TYPES: ReadonlyMap<string, DataType> = new Map<string, DataType>([
  ['boolean', BooleanType],
  ['tinyint', ByteType],
  ['byte', ByteType],
  ['smallint', ShortType],
  ['short', ShortType],
  ['int', IntegerType],
  ['integer', IntegerType],
  ['bigint', LongType],
  ['long', LongType],
  ['float', FloatType],
  ['real', FloatType],
  ['double', DoubleType],
  ['date', DateType],
  ['timestamp', TimestampType],
  ['timestamp_ltz', TimestampType],
  ['timestamp_ntz', TimestampNtzType],
  ['string', StringType],
  ['binary', BinaryType],
  ['void', primitive('void')],
  ['variant', primitive('variant')],
]);

const INTERVAL_FIELDS: ReadonlyMap<string, { family: 'ym' | 'dt'; index: number }> = new Map([
  ['year', { family: 'ym', index: 0 }],
  ['month', { family: 'ym', index: 1 }],
  ['day', { family: 'dt', index: 0 }],
  ['hour', { family: 'dt', index: 1 }],
  ['minute', { family: 'dt', index: 2 }],
  ['second', { family: 'dt', index: 3 }],
]);
