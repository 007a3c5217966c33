/**
 * Every error class lakesql raises at run time, triggered by a query: generated SQL's raise sites
 * (`raiseSql('CLASS', …)` and the function library's `raise('CLASS', …)`) and the errors the engine's UDFs
 * throw while a query runs. The classes are read from the source, so a new raise site fails this test until
 * it gets a case here. Each case asserts the class, SQLSTATE and Spark's exact parameters (the failing value
 * included), and that no `<name>` placeholder is left in the message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CLASSES, isLakesqlError } from '../errors/index.js';
import { StringType } from '../types/data-types.js';
import { useSqlSession } from './session/testing/sql-session-fixture.js';
import { jsScalarFunction, registerUserFunction } from './udf/js-scalar-function.js';

const fixture = useSqlSession('lakesql-runtime-errors-');
beforeAll(async () => {
  await fixture.session.execute('CREATE TABLE checked (a INT NOT NULL, b INT)');
  await fixture.session.execute('ALTER TABLE checked ADD CONSTRAINT positive_b CHECK (b > 0)');
  await fixture.session.execute('CREATE TABLE sized (v VARCHAR(3))');
  // A session's JavaScript function that throws (spark.udf.register's mechanism).
  const throwing = jsScalarFunction(fixture.session.engine, {
    name: 'throwing_udf',
    returnType: StringType,
    deterministic: true,
    rowFunction: () => () => {
      throw new TypeError('no value for you');
    },
  });
  registerUserFunction(fixture.session.catalog.userFunctions, throwing);
});

const ANSI = '"spark.sql.ansi.enabled"';
const DOCS = 'https://spark.apache.org/docs/latest';

interface Case {
  readonly sql: string;
  readonly errorClass: string;
  readonly params: Readonly<Record<string, string>>;
}

const CASES: readonly Case[] = [
  {
    sql: `SELECT CAST('abc' AS INT)`,
    errorClass: 'CAST_INVALID_INPUT',
    params: { expression: "'abc'", sourceType: '"STRING"', targetType: '"INT"', ansiConfig: ANSI },
  },
  {
    sql: `SELECT CAST(s AS DOUBLE) FROM VALUES ('1.5'), ('x1') AS t(s)`,
    errorClass: 'CAST_INVALID_INPUT',
    params: { expression: "'x1'", sourceType: '"STRING"', targetType: '"DOUBLE"', ansiConfig: ANSI },
  },
  {
    sql: `SELECT to_date('2020-13-01')`,
    errorClass: 'CAST_INVALID_INPUT',
    params: { expression: "'2020-13-01'", sourceType: '"STRING"', targetType: '"DATE"', ansiConfig: ANSI },
  },
  {
    sql: `SELECT CAST(300 AS TINYINT)`,
    errorClass: 'CAST_OVERFLOW',
    params: { value: '300', sourceType: '"INT"', targetType: '"TINYINT"', ansiConfig: ANSI },
  },
  {
    sql: `SELECT ceil(CAST('99999999999999999999999999999999999999' AS DECIMAL(38, 0)), -2)`,
    errorClass: 'DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION',
    params: { precision: '39', maxPrecision: '38' },
  },
  { sql: `SELECT 1/0`, errorClass: 'DIVIDE_BY_ZERO', params: { config: ANSI } },
  {
    sql: `SELECT regexp_extract('1a 2b', '\\\\d+', 1)`,
    errorClass: 'INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX',
    params: { parameter: '`idx`', functionName: '`regexp_extract`', groupCount: '0', groupIndex: '1' },
  },
  {
    sql: `SELECT randstr(-1, 0)`,
    errorClass: 'INVALID_PARAMETER_VALUE.LENGTH',
    params: { parameter: '`length`', functionName: '`randstr`', length: '-1' },
  },
  { sql: `SELECT 7 div 0`, errorClass: 'DIVIDE_BY_ZERO', params: { config: ANSI } },
  { sql: `SELECT 1.5 / 0`, errorClass: 'DIVIDE_BY_ZERO', params: { config: ANSI } },
  { sql: `SELECT pmod(1, 0)`, errorClass: 'DIVIDE_BY_ZERO', params: { config: ANSI } },
  {
    sql: `SELECT percentile(x, 0.5, f) FROM VALUES (1, 2), (2, -3) AS t(x, f)`,
    errorClass: 'NEGATIVE_VALUES_IN_FREQUENCY_EXPRESSION',
    params: { frequencyExpression: '"f"', negativeValue: '-3' },
  },
  { sql: `SELECT INTERVAL '2-4' YEAR TO MONTH / 0`, errorClass: 'INTERVAL_DIVIDED_BY_ZERO', params: {} },
  { sql: `SELECT INTERVAL '1' DAY / 0`, errorClass: 'INTERVAL_DIVIDED_BY_ZERO', params: {} },
  {
    sql: `SELECT 2147483647 + 1`,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: {
      message: 'integer overflow',
      alternative: " Use 'try_add' to tolerate overflow and return NULL instead.",
      config: ANSI,
    },
  },
  {
    sql: `SELECT -9223372036854775808L div -1`,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: {
      message: 'Overflow in integral divide',
      alternative: " Use 'try_divide' to tolerate overflow and return NULL instead.",
      config: ANSI,
    },
  },
  {
    sql: `SELECT 9999999999999999999999999999999999999BD div 0.1`,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: {
      message: 'Overflow in integral divide',
      alternative: " Use 'try_divide' to tolerate overflow and return NULL instead.",
      config: ANSI,
    },
  },
  {
    sql: `SELECT -i FROM VALUES (-2147483648) AS t(i)`,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: { message: 'integer overflow', alternative: '', config: ANSI },
  },
  {
    sql: `SELECT abs(i) FROM VALUES (-9223372036854775808L) AS t(i)`,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: { message: 'long overflow', alternative: '', config: ANSI },
  },
  {
    sql: `SELECT -(-128Y)`,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: { message: '- -128 caused overflow', alternative: '', config: ANSI },
  },
  {
    sql: `SELECT round(127y, -1)`,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: { message: 'Overflow', alternative: '', config: ANSI },
  },
  {
    sql: `SELECT sum(x) FROM VALUES (9223372036854775807L), (1L) AS t(x)`,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: {
      message: 'long overflow',
      alternative: " Use 'try_add' to tolerate overflow and return NULL instead.",
      config: ANSI,
    },
  },
  {
    sql: `SELECT make_interval(0, 0, w) FROM VALUES (1), (306783379) AS t(w)`,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: { message: 'integer overflow', alternative: '', config: ANSI },
  },
  {
    sql: `SELECT make_dt_interval(d) FROM VALUES (1), (2147483647) AS t(d)`,
    errorClass: 'INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION',
    params: {},
  },
  {
    sql: `SELECT m + interval 2 month FROM VALUES (interval 1 month), (interval 2147483647 month) AS t(m)`,
    errorClass: 'INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION',
    params: { functionName: '`try_add`' },
  },
  {
    sql: `SELECT make_ym_interval(178956970, 8)`,
    errorClass: 'INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION',
    params: {},
  },
  {
    sql: `SELECT CAST(s AS INTERVAL YEAR TO MONTH) FROM VALUES ('1-2'), (' 1 ') AS t(s)`,
    errorClass: 'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING',
    params: {
      intervalStr: 'year-month',
      supportedFormat: "`[+|-]y-m`, `INTERVAL [+|-]'[+|-]y-m' YEAR TO MONTH`",
      typeName: 'interval year to month',
      input: ' 1 ',
    },
  },
  {
    sql: `SELECT CAST('1 02' AS INTERVAL DAY TO MINUTE)`,
    errorClass: 'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING_WITH_NOTICE',
    params: {
      intervalStr: 'day-time',
      supportedFormat: "`[+|-]d h:m`, `INTERVAL [+|-]'[+|-]d h:m' DAY TO MINUTE`",
      typeName: 'interval day to minute',
      input: '1 02',
    },
  },
  {
    sql: `SELECT CAST('1-12' AS INTERVAL YEAR TO MONTH)`,
    errorClass: 'INVALID_INTERVAL_FORMAT.INTERVAL_PARSING',
    params: {
      input: '1-12',
      interval: 'year-month',
      msg: 'requirement failed: month 12 outside range [0, 11]',
    },
  },
  {
    sql: `SELECT 127Y + 1Y`,
    errorClass: 'BINARY_ARITHMETIC_OVERFLOW',
    params: { value1: '127Y', symbol: '+', value2: '1Y', functionName: '`try_add`' },
  },
  {
    sql: `SELECT CAST(123.45 AS DECIMAL(3,1))`,
    errorClass: 'NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION',
    params: { value: '123.45', precision: '3', scale: '1', config: ANSI },
  },
  // Beyond 38 digits the value is Spark's exact result (engine/udfs/decimal-result-text.ts), not a double.
  {
    sql: `SELECT (5e36BD + 0.1) + 5e36BD`,
    errorClass: 'NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION',
    params: { value: '10000000000000000000000000000000000000.1', precision: '38', scale: '1', config: ANSI },
  },
  {
    sql: `SELECT 12345678901234567890.0 * 12345678901234567890.0`,
    errorClass: 'NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION',
    params: { value: '152415787532388367501905199875019052100', precision: '38', scale: '2', config: ANSI },
  },
  {
    sql: `SELECT 1e35BD / 0.1`,
    errorClass: 'NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION',
    params: { value: `1${'0'.repeat(36)}.${'0'.repeat(39)}`, precision: '38', scale: '6', config: ANSI },
  },
  {
    sql: `SELECT element_at(array(1), 5)`,
    errorClass: 'INVALID_ARRAY_INDEX_IN_ELEMENT_AT',
    params: { indexValue: '5', arraySize: '1' },
  },
  {
    sql: `SELECT element_at(array(1), -2147483648)`,
    errorClass: 'INVALID_ARRAY_INDEX_IN_ELEMENT_AT',
    params: { indexValue: '-2147483648', arraySize: '1' },
  },
  {
    sql: `SELECT s LIKE p FROM VALUES ('ab', 'ab\\\\') AS t(s, p)`,
    errorClass: 'INVALID_FORMAT.ESC_AT_THE_END',
    params: { format: "'ab\\\\'" },
  },
  {
    sql: `SELECT s LIKE p ESCAPE '#' FROM VALUES ('ab', 'it''s#b') AS t(s, p)`,
    errorClass: 'INVALID_FORMAT.ESC_IN_THE_MIDDLE',
    params: { format: "'it\\'s#b'", char: "'b'" },
  },
  {
    sql: `SELECT array(1, 2)[i] FROM VALUES (4) AS t(i)`,
    errorClass: 'INVALID_ARRAY_INDEX',
    params: { indexValue: '4', arraySize: '2' },
  },
  {
    sql: `SELECT elt(5, 'a', 'b')`,
    errorClass: 'INVALID_ARRAY_INDEX',
    params: { indexValue: '5', arraySize: '2' },
  },
  {
    sql: `SELECT map(k, 1, 'b', 2) FROM VALUES ('a'), ('b') AS t(k)`,
    errorClass: 'DUPLICATED_MAP_KEY',
    params: { key: 'b', mapKeyDedupPolicy: '"spark.sql.mapKeyDedupPolicy"' },
  },
  { sql: `SELECT map(1, 2, NULL, 3)`, errorClass: 'NULL_MAP_KEY', params: {} },
  {
    sql: `SELECT array_sort(array(1, 2), (l, r) -> CAST(NULL AS INT))`,
    errorClass: 'COMPARATOR_RETURNS_NULL',
    params: { firstValue: '2', secondValue: '2' },
  },
  {
    sql: `SELECT map_from_arrays(array(1, 2), array('a'))`,
    errorClass: '_LEGACY_ERROR_TEMP_2128',
    params: {},
  },
  {
    sql: `SELECT reflect('java.util.UUID', 'fromString', s) FROM VALUES ('b') AS t(s)`,
    errorClass: 'REFLECT_METHOD_FAILED',
    params: { method: 'java.util.UUID.fromString', exception: 'java.lang.IllegalArgumentException' },
  },
  { sql: `SELECT element_at(array(1), 0)`, errorClass: 'INVALID_INDEX_OF_ZERO', params: {} },
  { sql: `SELECT array_insert(array(1), 0, 2)`, errorClass: 'INVALID_INDEX_OF_ZERO', params: {} },
  { sql: `SELECT split_part('a,b', ',', 0)`, errorClass: 'INVALID_INDEX_OF_ZERO', params: {} },
  {
    sql: `SELECT to_number('abc', '999')`,
    errorClass: 'INVALID_FORMAT.MISMATCH_INPUT',
    params: { inputType: '"STRING"', input: 'abc', format: '999' },
  },
  {
    sql: `SELECT from_json(s, 'a INT', map('mode', 'FAILFAST')) FROM VALUES ('{"a" 1}') AS t(s)`,
    errorClass: 'MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION',
    params: { badRecord: '{"a" 1}', failFastMode: 'FAILFAST' },
  },
  {
    sql: `SELECT from_csv(s, 'a INT, b INT', map('mode', 'FAILFAST')) FROM VALUES ('1,x') AS t(s)`,
    errorClass: 'MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION',
    params: { badRecord: '1,x', failFastMode: 'FAILFAST' },
  },
  {
    sql: `SELECT to_binary('zz', 'hex')`,
    errorClass: 'CONVERSION_INVALID_INPUT',
    params: { str: "'zz'", fmt: "'HEX'", targetType: '"BINARY"', suggestion: '`try_to_binary`' },
  },
  { sql: `SELECT validate_utf8(x'80')`, errorClass: 'INVALID_UTF8_STRING', params: { str: '\\x80' } },
  {
    sql: `SELECT to_timestamp('abc', p) FROM VALUES ('yyyy') AS t(p)`,
    errorClass: 'CANNOT_PARSE_TIMESTAMP',
    params: { message: "Text 'abc' could not be parsed at index 0", func: '"try_to_timestamp"' },
  },
  {
    sql: `INSERT INTO checked VALUES (NULL, 1)`,
    errorClass: 'DELTA_NOT_NULL_CONSTRAINT_VIOLATED',
    params: { columnName: 'a' },
  },
  {
    sql: `INSERT INTO sized VALUES ('abcd')`,
    errorClass: 'EXCEED_LIMIT_LENGTH',
    params: { limit: '3' },
  },
  {
    sql: `INSERT INTO checked VALUES (1, -5)`,
    errorClass: 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES',
    params: { constraintName: 'positive_b', expression: '`b` > 0', values: ' - b : -5' },
  },
  // Raised by the datetime UDFs when the pattern is a column, so only known while the query runs.
  {
    sql: `SELECT to_timestamp('2020', p) FROM VALUES ('yyyy e') AS t(p)`,
    errorClass: 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_WEEK_BASED_PATTERN',
    params: { c: 'e' },
  },
  {
    sql: `SELECT date_format(timestamp'2020-01-01 00:00:00', p) FROM VALUES ('MMMMM') AS t(p)`,
    errorClass: 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION',
    params: { pattern: "'MMMMM'", config: '"spark.sql.legacy.timeParserPolicy"', docroot: DOCS },
  },
  {
    sql: `SELECT date_format(timestamp'2020-01-01 00:00:00', p) FROM VALUES ('yyyy A') AS t(p)`,
    errorClass: 'INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER',
    params: { c: 'A', pattern: 'yyyy A' },
  },
  {
    sql: `SELECT date_format(timestamp'2020-01-01 00:00:00', p) FROM VALUES ('qqqqq') AS t(p)`,
    errorClass: 'INVALID_DATETIME_PATTERN.LENGTH',
    params: { pattern: 'qqqqq' },
  },
  {
    sql: `SELECT date_format(timestamp'2020-01-01 00:00:00', p) FROM VALUES ('yyyy''') AS t(p)`,
    errorClass: 'INVALID_DATETIME_PATTERN.WITH_SUGGESTION',
    params: { pattern: "'yyyy\\''", docroot: DOCS },
  },
  {
    sql: `SELECT array_repeat(1, 2147483647)`,
    errorClass: 'COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER',
    params: {
      numberOfElements: '2147483647',
      maxRoundedArrayLength: '2147483632',
      functionName: '`array_repeat`',
      parameter: '`count`',
    },
  },
  {
    sql: `SELECT sequence(1, 100000000)`,
    errorClass: 'MEMORY_LIMIT_EXCEEDED',
    params: {
      detail:
        '`sequence` would build a value of about 12800000000 bytes, more than lakesql.engine.memoryLimit (1073741824 bytes)',
    },
  },
  {
    sql: `SELECT bit_get(b, 64) FROM VALUES (1L) AS t(b)`,
    errorClass: 'INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE',
    params: { parameter: '`pos`', functionName: '`bit_get`', upper: '64', invalidValue: '64' },
  },
  {
    sql: `SELECT url_decode(u) FROM VALUES ('a%2') AS t(u)`,
    errorClass: 'CANNOT_DECODE_URL',
    params: { url: 'a%2' },
  },
  {
    sql: `SELECT encode(s, 'US-ASCII') FROM VALUES ('a'), ('渭') AS t(s)`,
    errorClass: 'MALFORMED_CHARACTER_CODING',
    params: { function: '`encode`', charset: 'US-ASCII' },
  },
  {
    sql: `SELECT decode(b, 'utf-8') FROM VALUES (X'61'), (X'FF') AS t(b)`,
    errorClass: 'MALFORMED_CHARACTER_CODING',
    params: { function: '`decode`', charset: 'utf-8' },
  },
  {
    sql: `SELECT decode(b, c) FROM VALUES (X'61', 'latin9') AS t(b, c)`,
    errorClass: 'INVALID_PARAMETER_VALUE.CHARSET',
    params: {
      functionName: '`decode`',
      parameter: '`charset`',
      charset: 'latin9',
      charsets: 'iso-8859-1, us-ascii, utf-16, utf-16be, utf-16le, utf-32, utf-8',
    },
  },
  {
    sql: `SELECT parse_url(u, 'HOST') FROM VALUES ('http://a b/') AS t(u)`,
    errorClass: 'INVALID_URL',
    params: { url: 'http://a b/', ansiConfig: ANSI },
  },
  {
    sql: `SELECT make_timestamp(y, 2, 29, 0, 0, 0) FROM VALUES (2023) AS t(y)`,
    errorClass: 'DATETIME_FIELD_OUT_OF_BOUNDS',
    params: { rangeMessage: "Invalid date 'February 29' as '2023' is not a leap year", ansiConfig: ANSI },
  },
  {
    sql: `SELECT timestampadd(YEAR, n, TIMESTAMP'2020-01-01 00:00:00') FROM VALUES (1000000) AS t(n)`,
    errorClass: 'DATETIME_OVERFLOW',
    params: { operation: "add 1000000 YEAR to TIMESTAMP '2020-01-01 00:00:00'" },
  },
  {
    sql: `SELECT next_day(DATE'2015-01-14', d) FROM VALUES ('xx') AS t(d)`,
    errorClass: 'ILLEGAL_DAY_OF_WEEK',
    params: { string: 'xx' },
  },
  {
    sql: 'SELECT make_timestamp(2019, 6, 30, 23, 59, s) FROM VALUES (60.007) AS t(s)',
    errorClass: 'INVALID_FRACTION_OF_SECOND',
    params: { secAndMicros: '60.007' },
  },
  {
    sql: `SELECT from_utc_timestamp(TIMESTAMP'2020-01-01 00:00:00', z) FROM VALUES ('Nowhere/City') AS t(z)`,
    errorClass: 'INVALID_TIMEZONE',
    params: { timeZone: 'Nowhere/City' },
  },
  {
    sql: `SELECT variant_get(parse_json(j), '$.a', 'int') FROM VALUES ('{"a":"x"}') AS t(j)`,
    errorClass: 'INVALID_VARIANT_CAST',
    params: { value: '"x"', dataType: '"INT"' },
  },
  {
    sql: `SELECT parse_json(j) FROM VALUES ('{"a":1') AS t(j)`,
    errorClass: 'MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION',
    params: { badRecord: '{"a":1', failFastMode: 'FAILFAST' },
  },
  {
    sql: `SELECT parse_json(j) FROM VALUES ('{"a":1,"a":2}') AS t(j)`,
    errorClass: 'VARIANT_DUPLICATE_KEY',
    params: { key: 'a' },
  },
  {
    sql: `SELECT raise_error('table_or_view_not_found', map('relationName', n)) FROM VALUES ('\`v\`') AS t(n)`,
    errorClass: 'TABLE_OR_VIEW_NOT_FOUND',
    params: { relationName: '`v`' },
  },
  {
    sql: `SELECT raise_error('NO_SUCH_CLASS', map('a', 'b'))`,
    errorClass: 'USER_RAISED_EXCEPTION_UNKNOWN_ERROR_CLASS',
    params: { errorClass: 'NO_SUCH_CLASS' },
  },
  {
    sql: `SELECT raise_error('DIVIDE_BY_ZERO', map('conf', 'x', 'other', 'y'))`,
    errorClass: 'USER_RAISED_EXCEPTION_PARAMETER_MISMATCH',
    params: { errorClass: 'DIVIDE_BY_ZERO', expectedParms: 'config', providedParms: 'conf, other' },
  },
  {
    sql: `SELECT throwing_udf(a) FROM VALUES (1) AS t(a)`,
    errorClass: 'FAILED_EXECUTE_UDF',
    params: {
      functionName: 'throwing_udf',
      signature: 'int',
      result: 'string',
      reason: 'TypeError: no value for you',
    },
  },
  {
    sql: `SELECT assert_true(a > 1) FROM VALUES (2), (0) AS t(a)`,
    errorClass: 'USER_RAISED_EXCEPTION',
    params: { errorMessage: "'(a > 1)' is not true!" },
  },
];

/** The files whose code runs while a query runs: generated SQL's compilers and the engine's UDFs. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('testing'))
    .map((f) => path.join(dir, f));
}

const SRC = path.join(import.meta.dirname, '..');
const RAISE_SITE = /\b(?:raiseSql|raise)\(\s*'([A-Z][A-Z0-9_.]*)'/g;
const UDF_THROW = /new LakesqlError\(\s*'([A-Z][A-Z0-9_.]*)'/g;

function raisedAtRunTime(): Set<string> {
  const classes = new Set<string>();
  for (const file of [...sourceFiles(path.join(SRC, 'exec')), ...sourceFiles(path.join(SRC, 'engine'))]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(RAISE_SITE)) classes.add(m[1] as string);
  }
  for (const file of sourceFiles(path.join(SRC, 'engine', 'udfs'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(UDF_THROW)) classes.add(m[1] as string);
  }
  return classes;
}

describe('errors raised at run time', () => {
  it('finds the raise sites, and every raise names its class literally', () => {
    const classes = raisedAtRunTime();
    expect(classes.size).toBeGreaterThan(20);
    for (const c of classes) expect(Object.hasOwn(ERROR_CLASSES, c), c).toBe(true);
    // A class held in a variable would escape the walk below.
    for (const file of sourceFiles(path.join(SRC, 'exec'))) {
      const text = readFileSync(file, 'utf8').replace(/function (raiseSql|raise)\(/g, '');
      const dynamic = [...text.matchAll(/\b(?:raiseSql|raise)\((?!\s*')\s*([^)\s,]*)/g)].filter(
        // compiler-kit's raise() passes its argument on; raise_error(errorClass, parms) raises the class the
        // user names (any class of the registry), which is its whole point.
        (m) =>
          !(
            (file.endsWith('compiler-kit.ts') || file.endsWith('raise-error-class.ts')) &&
            m[1]!.startsWith('errorClass')
          ),
      );
      expect(dynamic.map((m) => `${path.basename(file)}: ${m[0]}`)).toEqual([]);
    }
  });

  it('has a query for every class raised at run time', () => {
    const covered = new Set(CASES.map((c) => c.errorClass));
    expect([...raisedAtRunTime()].filter((c) => !covered.has(c)).sort()).toEqual([]);
  });

  it.each(CASES)('$errorClass: $sql', async ({ sql, errorClass, params }) => {
    const error = await fixture.session.execute(sql).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isLakesqlError(error), String(error)).toBe(true);
    if (!isLakesqlError(error)) return;
    expect(error.errorClass).toBe(errorClass);
    expect(error.sqlState).toBe(ERROR_CLASSES[error.errorClass].sqlState);
    expect(error.messageParameters).toEqual(params);
    // Every parameter the template names is filled: no `<name>` of the template is left in the message.
    const template = ERROR_CLASSES[error.errorClass].message;
    for (const [, name] of template.matchAll(/<([A-Za-z_]+)>/g)) {
      expect(error.messageParameters, `${errorClass} <${name}>`).toHaveProperty(name as string);
      expect(error.message).not.toContain(`<${name}>`);
    }
  });
});
