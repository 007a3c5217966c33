/**
 * Random but well-formed queries for the execution fuzz (issue 13): expressions nested a few levels over the
 * typed columns of one small table, so that most statements get past the parser and the analyzer and reach
 * DuckDB. They mix arithmetic, casts, string, array, map and date functions, aggregates, windows, subqueries,
 * joins and set operations with the inputs that broke lakesql before: huge literals, collection and string
 * builders with big counts, and regular expressions, valid and not.
 */

/** The fuzz's table: one column of each type the generator builds expressions of. */
export const FUZZ_TABLE = 'g';
export const FUZZ_TABLE_DDL = `CREATE TABLE ${FUZZ_TABLE} (i INT, l BIGINT, d DOUBLE, s STRING, dt DATE, ts TIMESTAMP, arr ARRAY<INT>, m MAP<STRING, INT>, b BOOLEAN)`;
export const FUZZ_TABLE_ROWS = `INSERT INTO ${FUZZ_TABLE} VALUES
  (1, 10, 1.5, 'abc', DATE'2024-02-29', TIMESTAMP'2024-02-29 12:00:00', array(1, 2, 3), map('a', 1), true),
  (-7, -9223372036854775808, -0.0, '', DATE'1970-01-01', TIMESTAMP'1970-01-01 00:00:00', array(), map(), false),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (2147483647, 9223372036854775807, 1e308, 'x''y😀\\\\', DATE'9999-12-31', TIMESTAMP'9999-12-31 23:59:59', array(NULL, 5), map('b', NULL), true)`;

type Kind = 'int' | 'long' | 'double' | 'string' | 'date' | 'bool' | 'array' | 'map' | 'timestamp';

const COLUMNS: Readonly<Record<Kind, readonly string[]>> = {
  int: ['i'],
  long: ['l'],
  double: ['d'],
  string: ['s'],
  date: ['dt'],
  timestamp: ['ts'],
  bool: ['b'],
  array: ['arr'],
  map: ['m'],
};

const LITERALS: Readonly<Record<Kind, readonly string[]>> = {
  int: ['0', '1', '-1', '3', '2147483647', '-2147483648'],
  long: ['9223372036854775807L', '-9223372036854775808L', '0L', '1000000L'],
  double: [
    '1e308',
    '-0.0',
    '0.5',
    "double('NaN')",
    "double('Infinity')",
    '99999999999999999999999999999999999999.9',
  ],
  string: ["'a'", "''", "'é😀'", "'\\u0000'", "'%_'", `'${'z'.repeat(5_000)}'`, "'2024-01-01'", "'12'"],
  date: ["DATE'2024-01-31'", "DATE'0001-01-01'", "DATE'9999-12-31'"],
  timestamp: ["TIMESTAMP'2024-01-01 00:00:00'", "TIMESTAMP'0001-01-01 00:00:00'"],
  bool: ['true', 'false', 'NULL'],
  array: ['array(1, 2, NULL)', 'array()', 'sequence(1, 3)'],
  map: ["map('k', 1)", 'map()', "map_from_arrays(array('x', 'y'), array(1, 2))"],
};

/** Counts handed to the value builders: ordinary, past Spark's array limit, past the memory limit, negative. */
const COUNTS = [
  '3',
  '0',
  '-1',
  '100000',
  '2000000',
  '100000000',
  '2000000000',
  '2147483647',
  '9223372036854775807L',
  'i',
  'l',
];

/** Regular expressions, some of which Java refuses (INVALID_PARAMETER_VALUE.PATTERN) or that backtrack. */
const PATTERNS = [
  "'[a-z]+'",
  "'(a+)+$'",
  "'['",
  "'(a'",
  "'\\\\d'",
  "'.*'",
  "'^$'",
  "'(?i)A'",
  "'a{2147483647}'",
  's',
];

type Gen = (depth: number) => string;

export class StatementGenerator {
  constructor(private readonly random: () => number) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  /** An expression of `kind`, at most `depth` calls deep. */
  expr(kind: Kind, depth: number): string {
    if (depth <= 0 || this.chance(0.25)) {
      return this.chance(0.6) ? this.pick(COLUMNS[kind]) : this.pick(LITERALS[kind]);
    }
    return this.pick(this.builders(kind))(depth - 1);
  }

  private builders(kind: Kind): readonly Gen[] {
    const e = (k: Kind, d: number) => this.expr(k, d);
    const any = (d: number) => e(this.pick<Kind>(['int', 'long', 'double', 'string', 'date', 'bool']), d);
    switch (kind) {
      case 'int':
        return [
          (d) => `${e('int', d)} ${this.pick(['+', '-', '*', 'div', '%'])} ${e('int', d)}`,
          (d) => `length(${e('string', d)})`,
          (d) => `size(${e('array', d)})`,
          (d) => `size(${e('map', d)})`,
          (d) => `CAST(${any(d)} AS INT)`,
          (d) => `year(${e('date', d)})`,
          (d) => `datediff(${e('date', d)}, ${e('date', d)})`,
          (d) => `element_at(${e('array', d)}, ${e('int', d)})`,
          (d) => `${e('array', d)}[${e('int', d)}]`,
          (d) => `element_at(${e('map', d)}, ${e('string', d)})`,
          (d) => `abs(${e('int', d)})`,
          (d) => `instr(${e('string', d)}, ${e('string', d)})`,
          (d) => `regexp_count(${e('string', d)}, ${this.pick(PATTERNS)})`,
          (d) => `CASE WHEN ${e('bool', d)} THEN ${e('int', d)} ELSE ${e('int', d)} END`,
          (d) => `coalesce(${e('int', d)}, ${e('int', d)})`,
        ];
      case 'long':
        return [
          (d) => `${e('long', d)} ${this.pick(['+', '-', '*', '/', 'div', '%'])} ${e('long', d)}`,
          (d) => `CAST(${any(d)} AS BIGINT)`,
          (d) => `${e('int', d)} * ${e('long', d)}`,
          (d) => `unix_timestamp(${e('timestamp', d)})`,
          (d) => `shiftleft(${e('long', d)}, ${e('int', d)})`,
          (d) => `pmod(${e('long', d)}, ${e('long', d)})`,
        ];
      case 'double':
        return [
          (d) => `${e('double', d)} ${this.pick(['+', '-', '*', '/'])} ${e('double', d)}`,
          (d) => `CAST(${any(d)} AS DOUBLE)`,
          (d) => `sqrt(${e('double', d)})`,
          (d) => `round(${e('double', d)}, ${e('int', d)})`,
          (d) => `pow(${e('double', d)}, ${e('double', d)})`,
          (d) => `CAST(${e('double', d)} AS DECIMAL(38, 2))`,
          (d) => `log(${e('double', d)})`,
        ];
      case 'string':
        return [
          (d) => `concat(${e('string', d)}, ${e('string', d)})`,
          (d) => `upper(${e('string', d)})`,
          (d) => `substring(${e('string', d)}, ${e('int', d)}, ${e('int', d)})`,
          (d) => `repeat(${e('string', d)}, ${this.pick(COUNTS)})`,
          (d) => `${this.pick(['lpad', 'rpad'])}(${e('string', d)}, ${this.pick(COUNTS)}, ${e('string', d)})`,
          () => `space(${this.pick(COUNTS)})`,
          (d) => `regexp_replace(${e('string', d)}, ${this.pick(PATTERNS)}, ${e('string', d)})`,
          (d) => `regexp_extract(${e('string', d)}, ${this.pick(PATTERNS)}, ${this.pick(['0', '1', '2'])})`,
          (d) => `CAST(${any(d)} AS STRING)`,
          (d) =>
            `date_format(${e('date', d)}, ${this.pick(["'yyyy-MM-dd'", "'EEEE'", "'QQQQQ'", "'y''x'"])})`,
          (d) => `concat_ws(${e('string', d)}, ${e('array', d)})`,
          (d) => `array_join(transform(${e('array', d)}, x -> CAST(x AS STRING)), ',')`,
          (d) => `to_json(named_struct('a', ${e('int', d)}, 'b', ${e('string', d)}))`,
          (d) => `get_json_object(${e('string', d)}, ${this.pick(["'$.a'", "'$['", "'$..x'"])})`,
          (d) => `format_number(${e('double', d)}, ${e('int', d)})`,
          (d) => `trim(${e('string', d)})`,
          (d) => `reverse(${e('string', d)})`,
          (d) => `split_part(${e('string', d)}, ${e('string', d)}, ${e('int', d)})`,
        ];
      case 'date':
        return [
          (d) => `date_add(${e('date', d)}, ${e('int', d)})`,
          (d) => `add_months(${e('date', d)}, ${e('int', d)})`,
          (d) => `last_day(${e('date', d)})`,
          (d) => `to_date(${e('string', d)})`,
          (d) => `CAST(${e('timestamp', d)} AS DATE)`,
          (d) => `make_date(${e('int', d)}, ${e('int', d)}, ${e('int', d)})`,
        ];
      case 'timestamp':
        return [
          (d) => `${e('timestamp', d)} + INTERVAL ${this.pick(['1', '-1', '100000'])} DAY`,
          (d) => `CAST(${e('date', d)} AS TIMESTAMP)`,
          (d) => `to_timestamp(${e('string', d)})`,
        ];
      case 'bool':
        return [
          (d) => `${e('int', d)} ${this.pick(['<', '=', '<=>', '>='])} ${e('int', d)}`,
          (d) => `${e('string', d)} ${this.pick(['LIKE', 'RLIKE', 'ILIKE'])} ${this.pick(PATTERNS)}`,
          (d) => `array_contains(${e('array', d)}, ${e('int', d)})`,
          (d) => `${e('bool', d)} ${this.pick(['AND', 'OR'])} ${e('bool', d)}`,
          (d) => `NOT ${e('bool', d)}`,
          (d) => `${any(d)} IS NULL`,
          (d) => `${e('int', d)} IN (${e('int', d)}, ${e('int', d)})`,
          (d) => `exists(${e('array', d)}, x -> x > ${e('int', d)})`,
        ];
      case 'array':
        return [
          (d) => `array(${e('int', d)}, ${e('int', d)})`,
          (d) => `sequence(${e('int', d)}, ${this.pick(COUNTS)})`,
          () =>
            `sequence(${this.pick(['0', '1', '-2147483648'])}, ${this.pick(COUNTS)}, ${this.pick(['1', '2', '-1', '0'])})`,
          (d) => `array_repeat(${e('int', d)}, ${this.pick(COUNTS)})`,
          (d) => `array(size(array_repeat(${e('string', d)}, ${this.pick(COUNTS)})))`,
          (d) => `sort_array(${e('array', d)})`,
          (d) => `array_distinct(${e('array', d)})`,
          (d) => `slice(${e('array', d)}, ${e('int', d)}, ${e('int', d)})`,
          (d) => `concat(${e('array', d)}, ${e('array', d)})`,
          (d) => `transform(${e('array', d)}, x -> x + ${e('int', d)})`,
          (d) => `filter(${e('array', d)}, x -> x % 2 = 0)`,
          (d) => `map_values(${e('map', d)})`,
          (d) => `flatten(array(${e('array', d)}, ${e('array', d)}))`,
        ];
      case 'map':
        return [
          (d) => `map(${e('string', d)}, ${e('int', d)})`,
          (d) => `map_concat(${e('map', d)}, ${e('map', d)})`,
          (d) => `map_from_arrays(array(${e('string', d)}), array(${e('int', d)}))`,
          (d) => `str_to_map(${e('string', d)})`,
        ];
    }
  }

  /** A scalar expression of a random kind, named so that set operations line up. */
  private projection(depth: number, alias: string): string {
    const kind = this.pick<Kind>([
      'int',
      'long',
      'double',
      'string',
      'date',
      'bool',
      'array',
      'map',
      'timestamp',
    ]);
    return `${this.expr(kind, depth)} AS ${alias}`;
  }

  /** One query: a projection, an aggregate, a window, a subquery, a join or a set operation. */
  statement(): string {
    const depth = 1 + Math.floor(this.random() * 3);
    const where = this.chance(0.4) ? ` WHERE ${this.expr('bool', depth)}` : '';
    const t = FUZZ_TABLE;
    switch (Math.floor(this.random() * 8)) {
      case 0:
        return `SELECT ${this.projection(depth, 'x')}, ${this.projection(depth, 'y')} FROM ${t}${where}`;
      case 1: {
        const agg = this.pick([
          `sum(${this.expr('long', depth)})`,
          `avg(${this.expr('double', depth)})`,
          `count(DISTINCT ${this.expr('string', depth)})`,
          `max(${this.expr('date', depth)})`,
          `collect_list(${this.expr('string', depth)})`,
          `approx_count_distinct(${this.expr('int', depth)})`,
          `percentile(${this.expr('int', depth)}, 0.5)`,
          `string_agg(${this.expr('string', depth)}, ',')`,
        ]);
        return `SELECT ${this.expr('bool', 1)} AS k, ${agg} AS a FROM ${t}${where} GROUP BY 1`;
      }
      case 2: {
        const fn = this.pick([
          'row_number()',
          'rank()',
          `lag(${this.expr('int', depth)}, 1)`,
          `sum(${this.expr('int', depth)})`,
          `first(${this.expr('string', depth)})`,
        ]);
        return `SELECT ${fn} OVER (PARTITION BY ${this.expr('bool', 1)} ORDER BY ${this.expr('int', depth)}) AS w FROM ${t}`;
      }
      case 3:
        return `SELECT ${this.projection(depth, 'x')} FROM ${t} WHERE ${this.expr('int', depth)} IN (SELECT ${this.expr('int', depth)} FROM ${t}${where})`;
      case 4:
        return `SELECT (SELECT ${this.pick(['max', 'min', 'count'])}(${this.expr('int', depth)}) FROM ${t}) AS x, ${this.projection(depth, 'y')} FROM ${t}`;
      case 5: {
        const join = this.pick(['JOIN', 'LEFT JOIN', 'FULL JOIN', 'CROSS JOIN']);
        const on = join === 'CROSS JOIN' ? '' : ` ON g1.i = g2.i`;
        return `SELECT ${this.projection(depth, 'x')} FROM ${t} g1 ${join} ${t} g2${on}`;
      }
      case 6: {
        const kind = this.pick<Kind>(['int', 'string', 'date', 'array']);
        const op = this.pick(['UNION ALL', 'UNION', 'INTERSECT', 'EXCEPT']);
        return `SELECT ${this.expr(kind, depth)} AS x FROM ${t} ${op} SELECT ${this.expr(kind, depth)} AS x FROM ${t}${where}`;
      }
      default:
        return `SELECT ${this.projection(depth, 'x')}, explode(${this.expr('array', depth)}) AS e FROM ${t}${where} LIMIT 50`;
    }
  }
}
