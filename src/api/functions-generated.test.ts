/**
 * The generator of src/api/functions-generated.ts and docs/FUNCTIONS.md, both from the function registry
 * (src/plan/functions/registry.ts), so that the `functions` module and the docs list exactly the functions
 * the SQL layer implements. This test fails with a diff when either file is stale;
 * `LAKESQL_UPDATE_DOCS=1 npx vitest run src/api/functions-generated.test.ts` rewrites them.
 *
 * PYSPARK_PARAMETERS gives each function's parameters as pyspark.sql.functions declares them:
 * `name` a column (Column or column name), `name:v` a column or a value (a string is a column name, other JS
 * values literals: PySpark's `Union[ColumnOrName, int]`), `name:l` a literal (a string is a string literal:
 * PySpark's `str` pattern or format, or `Any` value), `name:f` a JS function (a lambda), `name?` optional,
 * `...name` any number of columns. A function not listed takes one column, `col`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allFunctions, FUNCTION_FAMILIES } from '../plan/functions/registry.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../..');
const GENERATED = join(HERE, 'functions-generated.ts');
const DOC = join(HERE, '../../docs/FUNCTIONS.md');

/** Registry names that functions.ts writes by hand, because their PySpark form is not a plain call. */
const HAND_WRITTEN: Readonly<Record<string, string>> = {
  count: "count('*') is count(*), Spark's count(1)",
};

/** Registry names with no `functions` export, and why. */
const EXCLUDED: Readonly<Record<string, string>> = {
  percentile_cont: 'SQL only: `percentile_cont(percentage) WITHIN GROUP (ORDER BY col [DESC])`',
  percentile_disc: 'SQL only: `percentile_disc(percentage) WITHIN GROUP (ORDER BY col [DESC])`',
};

const PYSPARK_PARAMETERS: Readonly<Record<string, string>> = {
  // any number of columns
  elt: '...inputs',
  greatest: '...cols',
  least: '...cols',
  coalesce: '...cols',
  array: '...cols',
  arrays_zip: '...cols',
  concat: '...cols',
  map: '...cols',
  named_struct: '...cols',
  struct: '...cols',
  hash: '...cols',
  xxhash64: '...cols',
  stack: '...cols',
  reflect: '...cols',
  java_method: '...cols',
  try_reflect: '...cols',
  // string
  btrim: 'str, trim?',
  concat_ws: 'sep:l, ...cols',
  contains: 'left, right',
  encode: 'col, charset:l',
  decode: 'col, charset:l',
  endswith: 'str, suffix',
  startswith: 'str, prefix',
  find_in_set: 'str, str_array',
  instr: 'str, substr:l',
  left: 'str, len',
  right: 'str, len',
  levenshtein: 'left, right, threshold:l?',
  locate: 'substr:l, str, pos:l?',
  lpad: 'col, len:l, pad:l',
  rpad: 'col, len:l, pad:l',
  ltrim: 'col, trim?',
  rtrim: 'col, trim?',
  trim: 'col, trim?',
  overlay: 'src, replace, pos:v, len:v?',
  position: 'substr, str, start?',
  regexp_count: 'str, regexp',
  regexp_extract: 'str, pattern:l, idx:l',
  regexp_extract_all: 'str, regexp, idx:v?',
  regexp_like: 'str, regexp',
  regexp_replace: 'string, pattern:l, replacement:l',
  repeat: 'col, n:v',
  replace: 'src, search, replace?',
  split: 'str, pattern:l, limit:l?',
  split_part: 'src, delimiter, partNum',
  substr: 'str, pos, len?',
  substring: 'str, pos:v, len:v',
  substring_index: 'str, delim:l, count:l',
  to_binary: 'col, format?',
  to_number: 'col, format',
  try_to_number: 'col, format',
  translate: 'srcCol, matching:l, replace:l',
  uuid: '',
  // math
  atan2: 'col1:v, col2:v',
  bround: 'col, scale:v?',
  ceil: 'col, scale:v?',
  floor: 'col, scale:v?',
  round: 'col, scale:v?',
  conv: 'col, fromBase:l, toBase:l',
  e: '',
  pi: '',
  hypot: 'col1:v, col2:v',
  log: 'arg1:v, arg2?',
  pmod: 'dividend:v, divisor:v',
  power: 'col1:v, col2:v',
  rand: 'seed:l?',
  randn: 'seed:l?',
  width_bucket: 'v, min, max, numBucket:v',
  // datetime
  add_months: 'start, months:v',
  current_date: '',
  current_timestamp: '',
  current_timezone: '',
  date_add: 'start, days:v',
  date_sub: 'start, days:v',
  date_part: 'field:l, source',
  datepart: 'field:l, source',
  date_format: 'date, format:l',
  date_trunc: 'format:l, timestamp',
  datediff: 'end, start',
  from_unixtime: 'timestamp, format:l?',
  from_utc_timestamp: 'timestamp, tz:l',
  to_utc_timestamp: 'timestamp, tz:l',
  convert_timezone: 'sourceTz:l, targetTz:l, sourceTs',
  make_date: 'year, month, day',
  make_dt_interval: 'days?, hours?, mins?, secs?',
  make_interval: 'years?, months?, weeks?, days?, hours?, mins?, secs?',
  make_ym_interval: 'years?, months?',
  make_timestamp: 'years, months, days, hours, mins, secs, timezone?',
  make_timestamp_ltz: 'years, months, days, hours, mins, secs, timezone?',
  make_timestamp_ntz: 'years, months, days, hours, mins, secs',
  try_make_timestamp: 'years, months, days, hours, mins, secs, timezone?',
  try_make_timestamp_ltz: 'years, months, days, hours, mins, secs, timezone?',
  try_make_timestamp_ntz: 'years, months, days, hours, mins, secs',
  months_between: 'date1, date2, roundOff:l?',
  next_day: 'date, dayOfWeek:l',
  timestampdiff: 'unit:l, start, end',
  timestampadd: 'unit:l, quantity, ts',
  window: 'timeColumn, windowDuration:l, slideDuration:l?, startTime:l?',
  session_window: 'timeColumn, gapDuration:l',
  window_time: 'windowColumn',
  to_date: 'col, format:l?',
  try_to_date: 'col, format:l?',
  to_timestamp: 'col, format:l?',
  to_timestamp_ltz: 'timestamp, format?',
  to_timestamp_ntz: 'timestamp, format?',
  try_to_timestamp: 'col, format?',
  to_unix_timestamp: 'timestamp, format?',
  trunc: 'date, format:l',
  unix_timestamp: 'timestamp?, format:l?',
  // conditional
  equal_null: 'col1, col2',
  if: 'predicate, trueValue, falseValue',
  nanvl: 'col1, col2',
  nullif: 'col1, col2',
  nvl: 'col1, col2',
  nvl2: 'col1, col2, col3',
  // aggregate
  any_value: 'col, ignoreNulls:v?',
  approx_count_distinct: 'col, rsd:l?',
  corr: 'col1, col2',
  covar_pop: 'col1, col2',
  covar_samp: 'col1, col2',
  first: 'col, ignorenulls:l?',
  last: 'col, ignorenulls:l?',
  histogram_numeric: 'col, nBins:v',
  max_by: 'col, ord',
  min_by: 'col, ord',
  percentile: 'col, percentage:l, frequency:v?',
  percentile_approx: 'col, percentage:l, accuracy:v?',
  approx_percentile: 'col, percentage:l, accuracy:v?',
  mode: 'col, deterministic:l?',
  listagg: 'col, delimiter:l?',
  regr_count: 'y, x',
  regr_avgx: 'y, x',
  regr_avgy: 'y, x',
  regr_r2: 'y, x',
  regr_sxx: 'y, x',
  regr_sxy: 'y, x',
  regr_syy: 'y, x',
  regr_slope: 'y, x',
  regr_intercept: 'y, x',
  string_agg: 'col, delimiter:l?',
  // window
  cume_dist: '',
  dense_rank: '',
  lag: 'col, offset:l=1, defaultValue:l?',
  lead: 'col, offset:l=1, defaultValue:l?',
  nth_value: 'col, offset:l, ignoreNulls:l?',
  ntile: 'n:l',
  percent_rank: '',
  rank: '',
  row_number: '',
  // collection
  array_append: 'col, value:l',
  array_prepend: 'col, value:l',
  array_contains: 'col, value:l',
  array_position: 'col, value:l',
  array_remove: 'col, element:l',
  array_insert: 'arr, pos:v, value:l',
  array_except: 'col1, col2',
  array_intersect: 'col1, col2',
  array_union: 'col1, col2',
  arrays_overlap: 'a1, a2',
  array_join: 'col, delimiter:l, null_replacement:l?',
  array_repeat: 'col, count:v',
  element_at: 'col, extraction:l',
  try_element_at: 'col, extraction',
  get: 'col, index:v',
  sequence: 'start, stop, step?',
  slice: 'x, start:v, length:v',
  sort_array: 'col, asc:l?',
  // higher-order
  aggregate: 'col, initialValue, merge:f, finish:f?',
  exists: 'col, f:f',
  filter: 'col, f:f',
  forall: 'col, f:f',
  transform: 'col, f:f',
  reduce: 'col, initialValue, merge:f, finish:f?',
  zip_with: 'left, right, f:f',
  array_sort: 'col, comparator:f?',
  map_filter: 'col, f:f',
  map_zip_with: 'col1, col2, f:f',
  transform_keys: 'col, f:f',
  transform_values: 'col, f:f',
  // maps
  map_concat: '...cols',
  map_contains_key: 'col, value:l',
  map_from_arrays: 'col1, col2',
  str_to_map: 'text, pairDelim?, keyValueDelim?',
  // json, hash, predicates
  get_json_object: 'col, path:l',
  from_json: 'col, schema:l, options:o?',
  schema_of_json: 'json:l, options:o?',
  to_json: 'col, options:o?',
  // variant (pyspark.sql.functions: the path and target type are literals)
  is_variant_null: 'v',
  schema_of_variant: 'v',
  schema_of_variant_agg: 'v',
  variant_get: 'v, path:l, targetType:l',
  try_variant_get: 'v, path:l, targetType:l',
  sha2: 'col, numBits:l',
  like: 'str, pattern, escapeChar?',
  ilike: 'str, pattern, escapeChar?',
  // bitwise and misc functions of issue 15
  mod: 'dividend:v, divisor:v',
  shiftleft: 'col, numBits:l',
  shiftright: 'col, numBits:l',
  shiftrightunsigned: 'col, numBits:l',
  bit_get: 'col, pos',
  getbit: 'col, pos',
  current_database: '',
  current_catalog: '',
  current_user: '',
  version: '',
  format_string: 'format:l, ...cols',
  printf: 'format, ...cols',
  parse_url: 'url, partToExtract, key?',
  try_parse_url: 'url, partToExtract, key?',
  mask: 'col, upperChar?, lowerChar?, digitChar?, otherChar?',
  regexp_substr: 'str, regexp',
  regexp_instr: 'str, regexp, idx?',
  try_to_binary: 'col, format?',
  raise_error: 'errMsg',
  assert_true: 'col, errMsg?',
  spark_partition_id: '',
  format_number: 'col, d:l',
  uniform: 'min:l, max:l, seed:l?',
  randstr: 'length:l, seed:l?',
  to_char: 'col, format:l',
  monotonically_increasing_id: '',
  input_file_name: '',
  sentences: 'string, language?, country?',
};

/** What a user must know where a function's values or reach differ from Spark's (the docs list them). */
const NOTES: Readonly<Record<string, string>> = {
  version:
    '`4.0.0 lakesql`: the Spark release whose semantics lakesql follows; `lakesql` where Spark prints its git revision.',
  current_user: 'The operating-system user running lakesql (`SPARK_USER` first, as Spark).',
  monotonically_increasing_id:
    "lakesql runs one logical partition (`spark_partition_id()` is 0), so the ids are the rows' positions 0, 1, 2, …; allowed in SELECT lists only.",
  input_file_name:
    "The row's file path (`_metadata.file_path`) over one Delta table or Parquet read; elsewhere `''` (Spark's value when the file is unknown).",
  uniform:
    "With a seed, Spark's values (its XORShiftRandom stream, drawn in row order within each 2,048-row chunk); without one, DuckDB's generator.",
  randstr:
    "With a seed, Spark's values (its XORShiftRandom stream, drawn in row order within each 2,048-row chunk); without one, DuckDB's generator; at most 1000 characters.",
  rand: "With a seed, Spark's values (its XORShiftRandom stream, as Spark's partition 0, drawn in row order within each 2,048-row chunk); without one, DuckDB's generator.",
  randn:
    "With a seed, Spark's values (its XORShiftRandom stream, as Spark's partition 0, drawn in row order within each 2,048-row chunk); without one, DuckDB's generator.",
  format_string:
    'Java Formatter specifiers `%s %S %d %x %X %o %f %% %n` with `index$`, flags `-0+ `, width and precision; other specifiers are refused (UNSUPPORTED_FEATURE).',
  format_number:
    'A constant `d`, or a constant pattern `#,##0.00#` (grouping by 3 or none, at most one `0` before the point); other patterns are refused.',
  to_char: 'Numbers: integral and DECIMAL values with a constant format; dates and timestamps: date_format.',
  regexp_instr: 'The group index may only be 0 (the whole match).',
  sentences:
    "Words and sentences split by ICU's break rules (Intl.Segmenter), which Java's BreakIterator follows closely.",
  raise_error: 'The one-argument form; raise_error(errorClass, parameters) is not supported.',
};

/** JS reserved words cannot be declared: the wrapper is `if_` exported as `if`. */
const RESERVED = new Set(['if', 'typeof']);

interface Param {
  readonly name: string;
  readonly kind: 'c' | 'v' | 'l' | 'f' | 'o' | 'rest';
  readonly optional: boolean;
  /** PySpark's default value, as JS source (`1`), for an optional parameter that later ones follow. */
  readonly defaultValue?: string;
}

function parseParams(spec: string): Param[] {
  if (spec.trim() === '') return [];
  return spec.split(',').map((p) => {
    const t = p.trim();
    if (t.startsWith('...')) return { name: t.slice(3), kind: 'rest', optional: false };
    const [decl, defaultValue] = t.split('=');
    const optional = decl!.endsWith('?');
    const [name, kind = 'c'] = (optional ? decl!.slice(0, -1) : decl!).split(':');
    return { name: name!, kind: kind as Param['kind'], optional, defaultValue };
  });
}

const TS_TYPE = {
  c: 'ColumnOrName',
  v: 'ColumnOrValue',
  l: 'ColumnOrLiteral',
  f: 'LambdaFunction',
  o: 'FunctionOptions',
} as const;
const jsName = (name: string) => (RESERVED.has(name) ? `${name}_` : name);
const paramsOf = (name: string) => parseParams(PYSPARK_PARAMETERS[name] ?? 'col');

/** The wrapper's parameters as the docs show them: a plain name is a column (Column or name). */
const DOC_KIND = {
  c: '',
  v: ': Column, name or value',
  l: ': value',
  f: ': function',
  o: ': options',
  rest: '',
} as const;

function signature(name: string): string {
  return `${name}(${paramsOf(name)
    .map((p) =>
      p.kind === 'rest'
        ? `...${p.name}`
        : `${p.name}${p.optional || p.defaultValue !== undefined ? '?' : ''}${DOC_KIND[p.kind]}`,
    )
    .join(', ')})`;
}

function wrapper(fnName: string, exportName: string, comment: string): string {
  const params = paramsOf(fnName);
  const decl = params
    .map((p) =>
      p.kind === 'rest'
        ? `...${p.name}: ColumnOrName[]`
        : p.defaultValue !== undefined
          ? `${p.name}: ${TS_TYPE[p.kind]} = ${p.defaultValue}`
          : `${p.name}${p.optional ? '?' : ''}: ${TS_TYPE[p.kind]}`,
    )
    .join(', ');
  const arg = (p: Param): string => {
    const value =
      p.kind === 'c'
        ? `columnParam(${p.name}, '${p.name}')`
        : p.kind === 'v'
          ? `valueParam(${p.name})`
          : p.kind === 'l'
            ? `literalParam(${p.name})`
            : p.kind === 'o'
              ? `optionsParam(${p.name}, '${p.name}')`
              : `lambdaParam(${p.name}, '${p.name}')`;
    return p.optional ? `${p.name} === undefined ? undefined : ${value}` : value;
  };
  const rest = params.find((p) => p.kind === 'rest');
  const fixed = params.filter((p) => p.kind !== 'rest').map(arg);
  const args = rest
    ? `[${[...fixed, `...${rest.name}.map((x) => columnParam(x, '${rest.name}'))`].join(', ')}]`
    : `[${fixed.join(', ')}]`;
  return [
    `/** ${comment} */`,
    // A reserved word is declared under another name and exported as itself at the end of the file.
    `${RESERVED.has(exportName) ? '' : 'export '}function ${jsName(exportName)}(${decl}): Column {`,
    `  return functionCall('${fnName}', ${args});`,
    '}',
  ].join('\n');
}

/** Every registry function and alias, with the canonical function it calls. */
function exportedNames(): { name: string; canonical: string; family: string; kind: string }[] {
  const out: { name: string; canonical: string; family: string; kind: string }[] = [];
  for (const [family, list] of Object.entries(FUNCTION_FAMILIES)) {
    for (const f of [...list].sort((a, b) => a.name.localeCompare(b.name))) {
      for (const n of [f.name, ...(f.aliases ?? [])])
        out.push({ name: n, canonical: f.name, family, kind: f.kind });
    }
  }
  return out;
}

function renderGenerated(): string {
  const lines = [
    '/**',
    " * pyspark.sql.functions for every function of the registry (src/plan/functions/registry.ts), with PySpark's",
    ' * parameters (see function-arguments.ts for how each kind of parameter is read).',
    ' * Generated by src/api/functions-generated.test.ts (LAKESQL_UPDATE_DOCS=1). Do not edit.',
    ' */',
    '',
    "import type { Column } from './column.js';",
    'import {',
    '  type ColumnOrLiteral,',
    '  type ColumnOrName,',
    '  type ColumnOrValue,',
    '  columnParam,',
    '  type FunctionOptions,',
    '  functionCall,',
    '  type LambdaFunction,',
    '  lambdaParam,',
    '  literalParam,',
    '  optionsParam,',
    '  valueParam,',
    "} from './function-arguments.js';",
  ];
  const reserved: string[] = [];
  for (const e of exportedNames()) {
    if (e.name in HAND_WRITTEN || e.name in EXCLUDED) continue;
    // An alias calls the alias's own name, so that the result column is named as Spark names it.
    const comment =
      e.name === e.canonical
        ? `Spark's \`${e.name}\` (${e.family}, ${e.kind}).`
        : `Spark's \`${e.name}\`, an alias of \`${e.canonical}\` (${e.family}, ${e.kind}).`;
    lines.push(
      '',
      wrapper(e.name in PYSPARK_PARAMETERS ? e.name : e.canonical, e.name, comment).replace(
        `functionCall('${e.canonical}'`,
        `functionCall('${e.name}'`,
      ),
    );
    if (RESERVED.has(e.name)) reserved.push(`${jsName(e.name)} as ${e.name}`);
  }
  if (reserved.length > 0) lines.push('', `export { ${reserved.join(', ')} };`);
  return `${lines.join('\n')}\n`;
}

function renderDoc(): string {
  const fns = allFunctions();
  const byKind = new Map<string, number>();
  for (const f of fns) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
  const lines = [
    '# Supported Spark SQL functions',
    '',
    '<!-- Generated by src/api/functions-generated.test.ts (LAKESQL_UPDATE_DOCS=1). Do not edit. -->',
    '',
    `lakesql supports **${fns.length}** Spark functions (${[...byKind].map(([k, n]) => `${n} ${k}`).join(', ')}), plus ${fns.reduce((n, f) => n + (f.aliases?.length ?? 0), 0)} aliases.`,
    '',
    "Each is also a `functions` export of the TypeScript API (`import { functions } from 'lakesql'`), named and",
    'called as in pyspark.sql.functions: a parameter takes a Column or a column name, except where PySpark takes',
    'a literal (patterns, formats, separators, values to look for), which takes a JS value or a Column.',
    '',
    '| function | family | kind | aliases | `functions` |',
    '|---|---|---|---|---|',
  ];
  for (const [family, list] of Object.entries(FUNCTION_FAMILIES)) {
    for (const f of [...list].sort((a, b) => a.name.localeCompare(b.name))) {
      const api = EXCLUDED[f.name] ?? HAND_WRITTEN[f.name] ?? `\`${signature(f.name)}\``;
      lines.push(
        `| \`${f.name}\` | ${family} | ${f.kind} | ${(f.aliases ?? []).map((a) => `\`${a}\``).join(', ')} | ${api} |`,
      );
    }
  }
  lines.push('', '## Where lakesql differs', '', '| function | note |', '|---|---|');
  for (const [name, note] of Object.entries(NOTES)) lines.push(`| \`${name}\` | ${note} |`);
  return `${lines.join('\n')}\n`;
}

function checkFile(file: string, text: string): void {
  if (process.env.LAKESQL_UPDATE_DOCS === '1') writeFileSync(file, text);
  expect(existsSync(file) ? readFileSync(file, 'utf8') : '').toBe(text);
}

/** The code as the repository's formatter lays it out, so that `biome ci` and this test agree. */
function formatted(text: string): string {
  return execFileSync(
    join(ROOT, 'node_modules/.bin/biome'),
    ['format', '--stdin-file-path=src/api/functions-generated.ts'],
    {
      cwd: ROOT,
      input: text,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'ignore'],
    },
  );
}

describe('the functions module and docs/FUNCTIONS.md', () => {
  it('functions-generated.ts is up to date with the registry', () => {
    checkFile(GENERATED, formatted(renderGenerated()));
  });

  it('docs/FUNCTIONS.md is up to date with the registry', () => {
    checkFile(DOC, renderDoc());
  });

  it('every registry function and alias is a functions export, but the documented exclusions', async () => {
    // Imported here, so that a broken generated file can still be regenerated by the tests above.
    const exported = new Set(Object.keys(await import('./functions.js')));
    const missing = exportedNames()
      .map((e) => e.name)
      .filter((n) => !exported.has(n) && !(n in EXCLUDED));
    expect(missing).toEqual([]);
  });

  it('lists parameters only for registry functions', () => {
    const known = new Set(exportedNames().map((e) => e.name));
    expect(Object.keys(PYSPARK_PARAMETERS).filter((n) => !known.has(n))).toEqual([]);
  });
});
