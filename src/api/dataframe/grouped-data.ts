/**
 * pyspark.sql.GroupedData: `df.groupBy(keys).agg(...)` is `SELECT keys…, aggregates… FROM df GROUP BY keys`,
 * so the grouping columns come first and each aggregate is named as Spark names it (`sum(v)`, `count(1)`).
 * The shortcuts count(), sum(), avg()/mean(), min() and max() follow Spark's RelationalGroupedDataset:
 * count() is named `count`; with no column names the numeric columns are aggregated.
 */

import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { queryFrame, selectOver } from '../../sql/ast/frame.js';
import { aliased, call, columnRef, literal, query } from '../../sql/ast/node-builders.js';
import type { DataType } from '../../types/data-types.js';
import { jsTypeName } from '../arguments.js';
import { Column } from '../column.js';
import { DataFrame } from './dataframe.js';

const NUMERIC = new Set(['byte', 'short', 'integer', 'long', 'float', 'double']);

export class GroupedData {
  constructor(
    private readonly df: DataFrame,
    private readonly keys: readonly Expression[],
  ) {}

  /** Aggregate Columns, or a map of column name to aggregate function name (`{ v: 'sum' }`). */
  agg(...aggs: (Column | Readonly<Record<string, string>>)[]): DataFrame {
    const exprs = aggs.flatMap((a) =>
      a instanceof Column
        ? [a.expr]
        : Object.entries(aggMap(a)).map(([name, fn]) =>
            call(fn.toLowerCase() === 'mean' ? 'avg' : fn, [columnRef([name])]),
          ),
    );
    return this.aggregate(async () => exprs);
  }

  count(): DataFrame {
    return this.aggregate(async () => [
      aliased(call('count', [literal({ type: 'int', value: 1n })]), 'count'),
    ]);
  }

  sum(...cols: string[]): DataFrame {
    return this.numeric('sum', cols);
  }

  avg(...cols: string[]): DataFrame {
    return this.numeric('avg', cols);
  }

  mean(...cols: string[]): DataFrame {
    return this.numeric('avg', cols);
  }

  min(...cols: string[]): DataFrame {
    return this.numeric('min', cols);
  }

  max(...cols: string[]): DataFrame {
    return this.numeric('max', cols);
  }

  private numeric(fn: string, cols: readonly string[]): DataFrame {
    return this.aggregate(async () => {
      const schema = await this.df.schema();
      const names =
        cols.length > 0 ? cols : schema.fields.filter((f) => isNumeric(f.dataType.type)).map((f) => f.name);
      for (const n of cols) {
        const f = schema.fields.find((x) => x.name.toLowerCase() === n.toLowerCase());
        if (f && !isNumeric(f.dataType.type)) {
          throw new LakesqlError('UNSUPPORTED_FEATURE', {
            feature: `${fn}() of the non-numeric column \`${n}\``,
          });
        }
      }
      return names.map((n) => call(fn, [columnRef([n])]));
    });
  }

  private aggregate(aggregates: () => Promise<readonly Expression[]>): DataFrame {
    const df = this.df;
    const keys = this.keys;
    // On a stream the aggregates are kept as state across batches (streaming/stateful/aggregate-step.ts).
    if (df.isStreaming) return df.streamingAggregate(keys, aggregates);
    return new DataFrame(
      df.sparkSession,
      async () => {
        const frame = await df.frame();
        const select = selectOver(frame, df.qualifier, [...keys, ...(await aggregates())]);
        return queryFrame(
          query({
            ...select,
            groupBy:
              keys.length === 0
                ? null
                : { all: false, with: null, elements: keys.map((expr) => ({ kind: 'expression', expr })) },
          }),
        );
      },
      df.qualifier,
    );
  }
}

/** agg()'s other argument form: a plain `{ column: 'function' }` object (PySpark's dict). */
function aggMap(a: unknown): Readonly<Record<string, string>> {
  if (a !== null && typeof a === 'object' && Object.getPrototypeOf(a) === Object.prototype) {
    return a as Record<string, string>;
  }
  throw new LakesqlError('NOT_COLUMN', { arg_name: 'exprs', arg_type: jsTypeName(a) });
}

function isNumeric(t: DataType): boolean {
  return (t.kind === 'primitive' && NUMERIC.has(t.name)) || t.kind === 'decimal';
}
