/**
 * `spark_histogram_numeric(values DOUBLE[], nbins INTEGER) -> STRUCT(x DOUBLE, y DOUBLE)[]`: the finishing step
 * of histogram_numeric (exec/functions/aggregate-compilers.ts collects the non-NULL values in input order with
 * DuckDB's list() and hands them here). No values gives NULL, as HistogramNumeric.eval does for an empty buffer.
 */
import {
  DOUBLE,
  type DuckDBConnection,
  type DuckDBListValue,
  DuckDBScalarFunction,
  INTEGER,
  LIST,
  listValue,
  STRUCT,
  structValue,
} from '@duckdb/node-api';
import { numericHistogram } from './numeric-histogram.js';

export function registerHistogramUdf(connection: DuckDBConnection): void {
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'spark_histogram_numeric',
      returnType: LIST(STRUCT({ x: DOUBLE, y: DOUBLE })),
      parameterTypes: [LIST(DOUBLE), INTEGER],
      specialHandling: true,
      mainFunction: (_info, input, output) => {
        const lists = input.getColumnVector(0);
        const sizes = input.getColumnVector(1);
        for (let i = 0; i < input.rowCount; i++) {
          const list = lists.getItem(i) as DuckDBListValue | null;
          const nbins = sizes.getItem(i) as number | null;
          const values = (list?.items ?? []).filter((v): v is number => typeof v === 'number');
          if (nbins === null || values.length === 0) {
            output.setItem(i, null as never);
            continue;
          }
          const bins = numericHistogram(values, nbins);
          output.setItem(i, listValue(bins.map((b) => structValue({ x: b.x, y: b.y }))) as never);
        }
        output.flush();
      },
    }),
  );
}
