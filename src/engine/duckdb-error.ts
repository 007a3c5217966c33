/**
 * What a DuckDB failure becomes for the user: never DuckDB's own text, always a LakesqlError.
 *
 * - Spark's errors raised from generated SQL (`error('[CLASS] {"param":"value"}')`) become that class with
 *   its parameters.
 * - Out of memory becomes MEMORY_LIMIT_EXCEEDED; an interrupt (the REPL's Ctrl-C) OPERATION_CANCELED; the
 *   few DuckDB runtime failures that are Spark's own errors for the same data become Spark's class.
 * - Anything else DuckDB says is a statement lakesql should have refused or compiled differently: Spark's
 *   INTERNAL_ERROR (XX000), with DuckDB's text and the SQL it failed on, so that the bug can be reported.
 *
 * Errors that are not DuckDB's (LakesqlErrors, bugs in our own code) pass through untouched.
 */

import { ERROR_CLASSES, type ErrorClass } from '../errors/error-classes.js';
import { GENERATED_SQL_HEADING, LakesqlError } from '../errors/index.js';
import { OrcFormatError } from '../formats/orc/index.js';
import { DATETIME_RANGE_EQUIVALENTS, type DuckDBErrorEquivalent } from './datetime-range-errors.js';

/**
 * DuckDB's exception types as its messages spell them (`<Type> Error: …`, duckdb's Exception::ToString).
 * Only text starting with one of these is DuckDB's; anything else thrown inside the adapter is ours.
 */
const DUCKDB_ERROR_TYPES = [
  'Invalid',
  'Out of Range',
  'Conversion',
  'Unknown Type',
  'Decimal',
  'Mismatch Type',
  'Divide by Zero',
  'Object Size',
  'Invalid type',
  'Serialization',
  'TransactionContext',
  'Not implemented',
  'Expression',
  'Catalog',
  'Parser',
  'Planner',
  'Scheduler',
  'Executor',
  'Constraint',
  'Index',
  'Stat',
  'Connection',
  'Syntax',
  'Settings',
  'Binder',
  'Optimizer',
  'NullPointer',
  'IO',
  'INTERRUPT',
  'FATAL',
  'INTERNAL',
  'Invalid Input',
  'Out of Memory',
  'Permission',
  'Parameter Not Resolved',
  'Parameter Not Allowed',
  'Dependency',
  'HTTP',
  'Missing Extension',
  'Extension Autoloading',
  'Sequence',
  'INVALID_CONFIGURATION',
];
const DUCKDB_PREFIX = `(${DUCKDB_ERROR_TYPES.join('|')}) Error: `;
const DUCKDB_MESSAGE = new RegExp(`^${DUCKDB_PREFIX}`, 's');
/** `error('[CLASS] …')` from SQL, or a UDF's thrown `[CLASS] …`, as DuckDB passes it on. */
const RAISED_IN_SQL = new RegExp(`^(?:${DUCKDB_PREFIX})?\\[([A-Z_][A-Z0-9_.]*)\\] ?(.*)$`, 's');

const ANSI_CONFIG = '"spark.sql.ansi.enabled"';

/** RE2's reasons for refusing a pattern (re2/regexp.cc, RegexpErrorCode's texts), escaped for a RegExp. */
const RE2_PARSE_ERRORS = [
  'missing \\]',
  'missing \\)',
  'unexpected \\)',
  'trailing \\\\',
  'invalid escape sequence',
  'invalid character class range',
  'invalid character class',
  'missing argument to repetition operator',
  'invalid repetition size',
  'bad repetition operator',
  'invalid nested repetition operator',
  'invalid perl operator',
  'invalid UTF-8',
  'invalid named capture group',
];
const TRY_FUNCTION: Readonly<Record<string, string>> = {
  addition: 'try_add',
  subtraction: 'try_subtract',
  multiplication: 'try_multiply',
};

/** DuckDB's integral type names, as Spark names the type and suffixes a literal of it. */
const SPARK_INTEGRAL: Readonly<Record<string, { readonly sql: string; readonly suffix: string }>> = {
  '8': { sql: '"TINYINT"', suffix: 'Y' },
  '16': { sql: '"SMALLINT"', suffix: 'S' },
  '32': { sql: '"INT"', suffix: '' },
  '64': { sql: '"BIGINT"', suffix: 'L' },
};

/**
 * DuckDB failures that are Spark's runtime errors for the same input: the query is right, the data is not.
 * Matched on DuckDB's wording (its message texts are stable across releases and tested here).
 */
const SPARK_EQUIVALENTS: readonly DuckDBErrorEquivalent[] = [
  ...DATETIME_RANGE_EQUIVALENTS,
  // The SQL compiled from a very deep expression or a long chain of set operations passes DuckDB's own
  // depth limit (max_expression_depth): the statement is too complex, as a Spark parser stack overflow is.
  {
    duckdb: /^Parser Error: Max expression depth limit of \d+ exceeded/,
    errorClass: 'FAILED_TO_PARSE_TOO_COMPLEX',
  },
  // A pattern that is a column or an expression (a literal one is checked at compile time) that RE2 cannot
  // compile: Spark's Pattern.compile fails the same row with INVALID_PARAMETER_VALUE.PATTERN. DuckDB's text
  // names neither the function nor, in its second form, the pattern; the value is RE2's reason and pattern.
  {
    duckdb: new RegExp(
      `^Invalid Input Error: (?:Pattern failed to parse, error: ')?(${RE2_PARSE_ERRORS.join('|')})(?:: (.*?))?'?$`,
      's',
    ),
    errorClass: 'INVALID_PARAMETER_VALUE.PATTERN',
    params: (m) => ({
      parameter: '`regexp`',
      functionName: 'a regular expression function',
      value: m[2] === undefined ? (m[1] ?? '') : `'${m[2]}' (${m[1]})`,
    }),
  },
  // Spark's ScalarSubquery fails the same way when the subquery yields a second row.
  {
    duckdb: /^Invalid Input Error: More than one row returned by a subquery used as an expression/,
    errorClass: 'SCALAR_SUBQUERY_TOO_MANY_ROWS',
  },
  // Spark's ANSI integral + - * compile to DuckDB's own checked arithmetic (exec/operators/integral-arithmetic.ts);
  // its overflow is Spark's ARITHMETIC_OVERFLOW for int and bigint (Math.addExact & co) ...
  {
    duckdb: /^Out of Range Error: Overflow in (addition|subtraction|multiplication) of INT(32|64) \(/,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: (m) => ({
      message: m[2] === '32' ? 'integer overflow' : 'long overflow',
      alternative: ` Use '${TRY_FUNCTION[m[1] ?? '']}' to tolerate overflow and return NULL instead.`,
      config: ANSI_CONFIG,
    }),
  },
  // ... and BINARY_ARITHMETIC_OVERFLOW naming both operands for tinyint and smallint.
  {
    duckdb:
      /^Out of Range Error: Overflow in (addition|subtraction|multiplication) of INT(8|16) \((-?\d+) ([-+*]) (-?\d+)\)/,
    errorClass: 'BINARY_ARITHMETIC_OVERFLOW',
    params: (m) => {
      const suffix = m[2] === '8' ? 'Y' : 'S';
      return {
        value1: `${m[3]}${suffix}`,
        symbol: m[4] ?? '',
        value2: `${m[5]}${suffix}`,
        functionName: `\`${TRY_FUNCTION[m[1] ?? '']}\``,
      };
    },
  },
  // An ANSI CAST between integral types that narrows is DuckDB's own checked cast (exec/operators/compile-cast.ts).
  {
    duckdb:
      /^Conversion Error: Type INT(8|16|32|64) with value (-?\d+) can't be cast because the value is out of range for the destination type INT(8|16|32|64)/,
    errorClass: 'CAST_OVERFLOW',
    params: (m) => ({
      value: `${m[2]}${SPARK_INTEGRAL[m[1] ?? '']?.suffix ?? ''}`,
      sourceType: SPARK_INTEGRAL[m[1] ?? '']?.sql ?? '',
      targetType: SPARK_INTEGRAL[m[3] ?? '']?.sql ?? '',
      ansiConfig: ANSI_CONFIG,
    }),
  },
  // A decimal sum past DuckDB's 128-bit range (values held in HUGEINT): Spark's Sum raises
  // ARITHMETIC_OVERFLOW with "Overflow in sum of decimals" under ANSI (QueryExecutionErrors
  // .overflowInSumOfDecimalError).
  {
    duckdb: /^Out of Range Error: Overflow in HUGEINT addition/,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: () => ({
      message: 'Overflow in sum of decimals',
      alternative: " Use 'try_sum' to tolerate overflow and return NULL instead.",
      config: ANSI_CONFIG,
    }),
  },
  // Bigint `div` by -1 of Long.MinValue: the one integral division that overflows (IntegralDivide).
  {
    duckdb: /^Out of Range Error: Overflow in division of -?\d+ \/ -1/,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: () => ({
      message: 'Overflow in integral divide',
      alternative: " Use 'try_divide' to tolerate overflow and return NULL instead.",
      config: ANSI_CONFIG,
    }),
  },
  // A file that is not Parquet (or is cut short) where Parquet is read: its footer cannot be read, Spark's
  // CANNOT_READ_FILE_FOOTER (as Spark's schema inference, which reads footers first, reports it).
  {
    duckdb:
      /^Invalid Input Error: (?:No magic bytes found at end of file|File|Footer length error in file) '([^']+)'(?: too small to be a Parquet file)?/,
    errorClass: 'CANNOT_READ_FILE_FOOTER',
    params: (m) => ({ file: fileUri(m[1] ?? '') }),
  },
  // A data file whose footer reads but whose pages do not decode (a damaged page, a bad compressed chunk):
  // DuckDB's Parquet reader, and lakesql's ORC reader (its table function's errors come back through
  // DuckDB), name the file; Spark's FAILED_READ_FILE.NO_HINT, the decoder's words in the cause.
  {
    duckdb: /^(?:Invalid Input|IO) Error: Failed to read (?:Parquet )?file "([^"]+)"/,
    errorClass: 'FAILED_READ_FILE.NO_HINT',
    params: (m) => ({ path: fileUri(m[1] ?? '') }),
  },
  // A damaged length or offset sends the reader past the file's end (found by the random-byte fuzz).
  {
    duckdb: /^IO Error: Could not read enough bytes from file "([^"]+)"/,
    errorClass: 'FAILED_READ_FILE.NO_HINT',
    params: (m) => ({ path: fileUri(m[1] ?? '') }),
  },
  // Strings that are not UTF-8 in a Parquet file (its bytes damaged, or a writer's bug).
  {
    duckdb: /^Invalid Input Error: Invalid string encoding found in Parquet file "([^"]+)"/,
    errorClass: 'FAILED_READ_FILE.NO_HINT',
    params: (m) => ({ path: fileUri(m[1] ?? '') }),
  },
  {
    duckdb: /^Invalid Input Error: ORC: (.+?\.orc): /,
    errorClass: 'FAILED_READ_FILE.NO_HINT',
    params: (m) => ({ path: fileUri(m[1] ?? '') }),
  },
];

/** A local path as Spark names files in errors (`file:/tmp/x.parquet`); URIs stay as they are. */
export function fileUri(path: string): string {
  return path.startsWith('/') ? `file:${path}` : path;
}

/** The generated SQL shown in an INTERNAL_ERROR is cut here: compiled queries can run to many kilobytes. */
const MAX_SQL_SHOWN = 2000;

/**
 * `e` as the user should see it. `sql` is the DuckDB statement that failed, when the caller knows it: it goes
 * into the INTERNAL_ERROR message.
 */
export function translateDuckDBError(e: unknown, sql?: string): unknown {
  if (!(e instanceof Error) || e instanceof LakesqlError) return e;
  // The ORC reader decodes stripes in JS too (not only in DuckDB's callbacks): its error names the file.
  const orcFile = e instanceof OrcFormatError ? /^ORC: (.+?\.orc): /.exec(e.message)?.[1] : undefined;
  if (orcFile !== undefined) {
    return new LakesqlError('FAILED_READ_FILE.NO_HINT', { path: fileUri(orcFile) }, { cause: e });
  }
  // node-api prefixes DuckDB's parse errors with its own words.
  const message = e.message.replace(/^Failed to extract statements: /, '');
  const raised = sparkErrorRaisedInSql(message);
  if (raised) return new LakesqlError(raised.errorClass, raised.params, { cause: e });
  const type = DUCKDB_MESSAGE.exec(message)?.[1];
  if (type === undefined) return e;
  if (type === 'Out of Memory') {
    return new LakesqlError('MEMORY_LIMIT_EXCEEDED', { detail: message }, { cause: e });
  }
  if (type === 'INTERRUPT') return new LakesqlError('OPERATION_CANCELED', {}, { cause: e });
  const equivalent = SPARK_EQUIVALENTS.find((x) => x.duckdb.test(message));
  if (equivalent) {
    const m = equivalent.duckdb.exec(message) as RegExpExecArray;
    return new LakesqlError(equivalent.errorClass, equivalent.params?.(m) ?? {}, { cause: e });
  }
  return new LakesqlError('INTERNAL_ERROR', { message: internalErrorMessage(message, sql) }, { cause: e });
}

function internalErrorMessage(duckdbMessage: string, sql: string | undefined): string {
  // DuckDB's candidate lists and caret lines are about its SQL, not the user's: keep its first line.
  const reason = duckdbMessage.split('\n')[0] ?? duckdbMessage;
  const shown =
    sql === undefined ? '' : sql.length > MAX_SQL_SHOWN ? `${sql.slice(0, MAX_SQL_SHOWN)} …` : sql;
  return (
    `DuckDB failed on the SQL lakesql generated for this statement (${reason}). You hit a bug in lakesql: ` +
    `please report it with the statement.${shown === '' ? '' : `${GENERATED_SQL_HEADING}${shown}`}`
  );
}

/**
 * The function library raises Spark's errors from SQL as `error('[CLASS] {"param":"value"}')`; DuckDB wraps the
 * text (`Invalid Input Error: [CLASS] …`). The parameters are a JSON object when the text after the class
 * parses as one, else the whole text is the `message` parameter. Unknown classes are not ours.
 */
function sparkErrorRaisedInSql(
  message: string,
): { errorClass: ErrorClass; params: Record<string, string> } | undefined {
  const m = RAISED_IN_SQL.exec(message);
  if (!m || !Object.hasOwn(ERROR_CLASSES, m[2] ?? '')) return undefined;
  const rest = m[3] ?? '';
  let params: Record<string, string> = { message: rest };
  try {
    const parsed: unknown = JSON.parse(rest);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      params = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    }
  } catch {
    // Not JSON: keep the text as the message.
  }
  return { errorClass: m[2] as ErrorClass, params };
}
