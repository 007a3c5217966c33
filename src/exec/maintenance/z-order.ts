/**
 * Z-order as Delta's ZOrderClustering computes it (skipping/MultiDimClustering.scala): each Z-order column
 * becomes a range id in [0, numRanges) (Delta's range_partition_id: rows ranked by the column, nulls
 * first, equal values in one range), the ids' bits are interleaved most significant first, column by
 * column (interleave_bits), and the rows are written in the order of that value, so rows near each other
 * in every column land in the same file and each file's min/max statistics cover a small box.
 *
 * All of it is DuckDB SQL over the whole input: window ranks and integer bit arithmetic, vectorized, no
 * per-row function. The interleaved value is a UHUGEINT (128 bits): with many columns each keeps fewer of
 * its ranges' high bits.
 */
import { quoteIdentifier } from '../../engine/sql-text.js';

/** Delta's spark.databricks.io.skipping.mdc.rangeId.max default: the ranges each column is cut into. */
export const Z_ORDER_RANGES = 1000;

const Z_VALUE = '__lakesql_z_value';
const RANGE_ID = '__lakesql_range_id_';
const Z_BITS = 128;

/**
 * `sourceSql`'s rows (its columns `columns`, unchanged) in Z-order of `zOrderColumns`: a SELECT whose
 * ORDER BY the writer keeps as it fills files.
 */
export function zOrderedSql(
  sourceSql: string,
  columns: readonly string[],
  zOrderColumns: readonly string[],
  numRanges: number = Z_ORDER_RANGES,
): string {
  const k = zOrderColumns.length;
  const rangeBits = Math.max(1, Math.ceil(Math.log2(numRanges)));
  const bits = Math.min(rangeBits, Math.floor(Z_BITS / k));
  const ranges = zOrderColumns.map(
    (c, i) =>
      `(rank() OVER (ORDER BY ${quoteIdentifier(c)} ASC NULLS FIRST) - 1) * ${numRanges} // count(*) OVER ()` +
      ` AS ${quoteIdentifier(`${RANGE_ID}${i}`)}`,
  );
  // Every term parenthesized: DuckDB gives <<, >>, & and | one precedence, left to right.
  // Bit j of column i's range id (its `bits` high bits) goes to position (j * k + (k - 1 - i)): for each
  // bit from the top, the first column's bit is the most significant.
  const terms: string[] = [];
  for (let j = bits - 1; j >= 0; j--) {
    for (let i = 0; i < k; i++) {
      const id = `CAST(${quoteIdentifier(`${RANGE_ID}${i}`)} AS UHUGEINT)`;
      const shift = j + rangeBits - bits;
      terms.push(`(((${id} >> ${shift}) & 1) << ${j * k + (k - 1 - i)})`);
    }
  }
  const out = columns.map(quoteIdentifier).join(', ');
  return (
    `SELECT ${out} FROM (SELECT *, ${terms.join(' | ')} AS ${quoteIdentifier(Z_VALUE)}` +
    ` FROM (SELECT *, ${ranges.join(', ')} FROM (${sourceSql}) AS "z_input") AS "z_ranges") AS "z_values"` +
    ` ORDER BY ${quoteIdentifier(Z_VALUE)}`
  );
}
