/**
 * DuckDB SQL for Spark's collection functions. Spark arrays are 1-based like DuckDB lists; element_at raises
 * INVALID_ARRAY_INDEX_IN_ELEMENT_AT (ANSI) or returns NULL, and index 0 raises INVALID_INDEX_OF_ZERO.
 * Generators compile to unnest(); the analyzer places them in a lateral position.
 */

import { isPrimitiveNamed } from '../../plan/functions/type-classes.js';
import type { DataType } from '../../types/data-types.js';
import { bind } from '../operators/sql-helpers.js';
import { type CompileFn, compilers, raise, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';
import { checkedKeys } from './map-compilers.js';
import {
  integralLiteral,
  LIST_ELEMENT_BYTES,
  listBytes,
  sizeChecked,
  unfoldedArgument,
} from './size-limit.js';

/** The bytes one repeated element holds beyond its slot: a string's or binary's own bytes. */
function elementBytes(x: string, type: DataType | undefined): string | undefined {
  if (
    type?.kind === 'char' ||
    type?.kind === 'varchar' ||
    isPrimitiveNamed(type ?? { kind: 'calendarInterval' }, 'string')
  )
    return `(${LIST_ELEMENT_BYTES} + coalesce(strlen(${x}), 0))`;
  if (isPrimitiveNamed(type ?? { kind: 'calendarInterval' }, 'binary'))
    return `(${LIST_ELEMENT_BYTES} + coalesce(octet_length(${x}), 0))`;
  return undefined;
}

const elementAt =
  (outOfBounds: 'raise' | 'null'): CompileFn =>
  ([c, i], args, _r, semantics) => {
    if (args[0]?.type.kind === 'map') return `element_at(${c}, ${i})[1]`;
    const outOfRange =
      outOfBounds === 'raise' && semantics.ansi
        ? raise('INVALID_ARRAY_INDEX_IN_ELEMENT_AT', { indexValue: i as string, arraySize: `len(${c})` })
        : 'NULL';
    return `CASE WHEN ${i} = 0 THEN ${raise('INVALID_INDEX_OF_ZERO')} WHEN abs(CAST(${i} AS BIGINT)) > len(${c}) THEN ${outOfRange} ELSE ${c}[${i}] END`;
  };

export const COLLECTION_COMPILERS: readonly FunctionCompiler[] = compilers({
  array: (sql) => `[${sql.join(', ')}]`,
  map: (sql, _args, r) => {
    if (sql.length === 0) return 'MAP {}';
    const keys = sql.filter((_, i) => i % 2 === 0);
    const values = sql.filter((_, i) => i % 2 === 1);
    // Spark's ArrayBasedMapBuilder: a NULL key is NULL_MAP_KEY; a repeated key DUPLICATED_MAP_KEY naming it
    // (spark.sql.mapKeyDedupPolicy = EXCEPTION, Spark's default). The repeat is looked up only on failure.
    const keyType = r.returnType.kind === 'map' ? r.returnType.keyType : undefined;
    return bind(`[${keys.join(', ')}]`, (k) => checkedKeys(k, `map(${k}, [${values.join(', ')}])`, keyType));
  },
  struct: (sql, _a, r) =>
    `{${sql.map((s, i) => `${str(r.returnType.kind === 'struct' ? (r.returnType.fields[i]?.name ?? `col${i + 1}`) : `col${i + 1}`)}: ${s}`).join(', ')}}`,
  named_struct: (sql, args) =>
    `{${Array.from({ length: sql.length / 2 }, (_, i) => `${str(String(args[2 * i]?.value))}: ${sql[2 * i + 1]}`).join(', ')}}`,
  // Spark's size(NULL) is -1 under spark.sql.legacy.sizeOfNull; Spark 4's default (ANSI) gives NULL.
  size: ([c], args) =>
    args[0]?.type.kind === 'map' ? `CAST(cardinality(${c}) AS INTEGER)` : `CAST(len(${c}) AS INTEGER)`,
  array_size: ([c]) => `CAST(len(${c}) AS INTEGER)`,
  // Spark: NULL when the value is absent but the array holds a NULL (three-valued IN); list_count counts the
  // non-NULL elements.
  array_contains: ([a, v]) =>
    `CASE WHEN ${v} IS NULL THEN NULL WHEN list_contains(${a}, ${v}) THEN true WHEN list_count(${a}) < len(${a}) THEN NULL ELSE false END`,
  array_position: ([a, v]) => `CAST(coalesce(list_position(${a}, ${v}), 0) AS BIGINT)`,
  array_remove: ([a, v]) => `list_filter(${a}, lambda x: x IS NULL OR x <> ${v})`,
  array_append: ([a, v]) => `list_append(${a}, ${v})`,
  array_prepend: ([a, v]) => `list_prepend(${v}, ${a})`,
  element_at: elementAt('raise'),
  try_element_at: elementAt('null'),
  get: ([c, i], args) =>
    args[0]?.type.kind === 'map'
      ? `element_at(${c}, ${i})[1]`
      : `CASE WHEN ${i} < 0 THEN NULL ELSE ${c}[${i} + 1] END`,
  sort_array: ([a, asc]) =>
    asc === undefined || asc === 'true' || asc === 'TRUE'
      ? `list_sort(${a}, 'ASC', 'NULLS FIRST')`
      : `CASE WHEN ${asc} IS NULL THEN NULL WHEN ${asc} THEN list_sort(${a}, 'ASC', 'NULLS FIRST') ELSE list_sort(${a}, 'DESC', 'NULLS LAST') END`,
  // Each value's first position: list_position finds a NULL as a value (the first NULL).
  array_distinct: ([a]) => `list_filter(${a}, lambda x, i: list_position(${a}, x) = i)`,
  array_compact: ([a]) => `list_filter(${a}, lambda x: x IS NOT NULL)`,
  array_max: ([a]) => `list_max(${a})`,
  array_min: ([a]) => `list_min(${a})`,
  flatten: ([a]) => `CASE WHEN list_count(${a}) < len(${a}) THEN NULL ELSE flatten(${a}) END`,
  array_union: ([a, b]) => `list_distinct(list_concat(${a}, ${b}))`,
  array_intersect: ([a, b]) => `list_intersect(${a}, ${b})`,
  array_except: ([a, b]) => `list_distinct(list_filter(${a}, lambda x: NOT list_contains(${b}, x)))`,
  arrays_overlap: ([a, b]) => `list_has_any(${a}, ${b})`,
  array_join: ([a, d, n]) =>
    n === undefined
      ? `array_to_string(${a}, ${d})`
      : `array_to_string(list_transform(${a}, lambda x: coalesce(CAST(x AS VARCHAR), ${n})), ${d})`,
  array_repeat: ([x, n], args, _resolved, semantics) =>
    sizeChecked(
      'array_repeat',
      'count',
      `CAST(${n} AS HUGEINT)`,
      // Not list_transform(range(n), …): with a constant count DuckDB folds range(n) into a list of boxed
      // values before the size check runs (array_repeat(s, 100000000) over a column took gigabytes).
      `repeat(list_value(${x}), ${unfoldedArgument(
        `CASE WHEN ${n} < 0 THEN 0 ELSE ${n} END`,
        args[0]?.value === undefined ? undefined : integralLiteral(args[1]?.value),
      )})`,
      {
        // A repeated string is copied into each element.
        bytes: listBytes(`CAST(greatest(${n}, 0) AS HUGEINT)`, elementBytes(x ?? 'NULL', args[0]?.type)),
        semantics,
      },
    ),
  slice: ([a, start, len]) =>
    `CASE WHEN ${start} = 0 THEN ${raise('INVALID_INDEX_OF_ZERO')} WHEN ${start} > 0 THEN ${a}[${start}:${start} + ${len} - 1] ELSE ${a}[len(${a}) + ${start} + 1:len(${a}) + ${start} + ${len}] END`,
  // Sequence.getSequenceLength: the element count is checked before generate_series builds the list.
  sequence: ([a, b, step], args, _resolved, semantics) => {
    const t = args[0]?.type;
    if (
      t?.kind === 'primitive' &&
      (t.name === 'date' || t.name === 'timestamp' || t.name === 'timestamp_ntz')
    ) {
      // DuckDB steps dates as TIMESTAMPs; Spark's default step for dates is one day (or minus one).
      const [from, to] = t.name === 'date' ? [`CAST(${a} AS TIMESTAMP)`, `CAST(${b} AS TIMESTAMP)`] : [a, b];
      const stepSql = step ?? `CASE WHEN ${a} <= ${b} THEN INTERVAL 1 DAY ELSE - INTERVAL 1 DAY END`;
      // A month step has no fixed length: the first step's length bounds the count closely enough.
      const stepMicros = `nullif(epoch_us(${from} + ${stepSql}) - epoch_us(${from}), 0)`;
      const count = `(CAST(epoch_us(${to}) - epoch_us(${from}) AS HUGEINT) // ${stepMicros} + 1)`;
      const series = `generate_series(${from}, ${to}, ${stepSql})`;
      return sizeChecked(
        'sequence',
        'count',
        count,
        t.name === 'date' ? `CAST(${series} AS DATE[])` : series,
        { bytes: listBytes(count), semantics },
      );
    }
    const count =
      step === undefined
        ? `(abs(CAST(${b} AS HUGEINT) - ${a}) + 1)`
        : `((CAST(${b} AS HUGEINT) - ${a}) // nullif(${step}, 0) + 1)`;
    const [from, to, by] = args.map((x) => integralLiteral(x.value));
    const literalCount =
      from === undefined || to === undefined
        ? undefined
        : step === undefined
          ? (to >= from ? to - from : from - to) + 1n
          : by === undefined || by === 0n
            ? undefined
            : (to - from) / by + 1n;
    const start = unfoldedArgument(a as string, literalCount);
    const series =
      step === undefined
        ? `CASE WHEN ${a} <= ${b} THEN generate_series(${start}, ${b}) ELSE generate_series(${start}, ${b}, -1) END`
        : `generate_series(${start}, ${b}, ${step})`;
    return sizeChecked('sequence', 'count', count, series, { bytes: listBytes(count), semantics });
  },
  map_keys: ([m]) => `map_keys(${m})`,
  map_values: ([m]) => `map_values(${m})`,
  concat: (sql, args) =>
    args.length > 0 && args.every((a) => a.type.kind === 'array')
      ? `CASE WHEN ${sql.map((s) => `${s} IS NULL`).join(' OR ')} THEN NULL ELSE ${sql.reduce((acc, s) => `list_concat(${acc}, ${s})`)} END`
      : sql.length === 0
        ? "''"
        : `(${sql.join(' || ')})`,
  explode: ([c], args) =>
    args[0]?.type.kind === 'map' ? `unnest(map_entries(${c}), recursive := true)` : `unnest(${c})`,
  // Outside a Generate node a generator's value is its row as a struct (the analyzer plans generators as
  // lateral joins, so these only serve expression-level checks).
  inline: ([c]) => `unnest(${c})`,
  stack: ([, ...values], args) => {
    const rows = Number((args[0] as { value?: unknown }).value ?? 1);
    const width = Math.ceil(values.length / rows);
    const row = (r: number) =>
      `{${Array.from({ length: width }, (_, j) => `'col${j}': ${values[r * width + j] ?? 'NULL'}`).join(', ')}}`;
    return `unnest([${Array.from({ length: rows }, (_, r) => row(r)).join(', ')}])`;
  },
  posexplode: ([c]) =>
    `unnest(list_transform(${c}, lambda x, i: {'pos': CAST(i - 1 AS INTEGER), 'col': x}), recursive := true)`,
});
