/**
 * delta-spark's DeltaOptimizeBuilder (`DeltaTable.optimize()`): `where(partitionFilter)` narrows the
 * OPTIMIZE to partitions (called again, the filters are ANDed), then `executeCompaction()` bin-packs the
 * small files and `executeZOrderBy(...columns)` rewrites them in Z-order. Each runs the OPTIMIZE statement's
 * executor and resolves to its `(path, metrics)` row as a DataFrame.
 */
import { optimizeTable } from '../../exec/maintenance/optimize.js';
import { NO_SPAN, type ObjectName } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { parseColumnName } from '../../sql/ast/frame.js';
import { requireString } from '../arguments.js';
import type { DataFrame } from '../dataframe/dataframe.js';
import type { LakeSession } from '../lake-session.js';
import { toExpression } from './expressions.js';
import { resultDataFrame } from './result-frame.js';

export class DeltaOptimizeBuilder {
  readonly #filters: Expression[] = [];

  /** @internal Made by DeltaTable.optimize(). */
  constructor(
    private readonly spark: LakeSession,
    private readonly table: ObjectName,
  ) {}

  /** A partition predicate (SQL text over partition columns); a filter on other columns fails at execution. */
  where(partitionFilter: string): DeltaOptimizeBuilder {
    this.#filters.push(toExpression(requireString(partitionFilter, 'partitionFilter'), 'partitionFilter'));
    return this;
  }

  /** OPTIMIZE t [WHERE …]: compacts small files into larger ones. */
  async executeCompaction(): Promise<DataFrame> {
    return this.#run([]);
  }

  /** OPTIMIZE t [WHERE …] ZORDER BY (columns). */
  async executeZOrderBy(...columns: string[]): Promise<DataFrame> {
    return this.#run(columns.map((c) => parseColumnName(requireString(c, 'columns'))));
  }

  async #run(zOrderBy: readonly (readonly string[])[]): Promise<DataFrame> {
    const where = this.#filters.reduce<Expression | null>(
      (acc, f) => (acc === null ? f : { kind: 'binary', op: 'AND', left: acc, right: f, span: NO_SPAN }),
      null,
    );
    const result = await optimizeTable(this.spark.sqlSession, {
      table: this.table,
      where,
      zOrderBy,
      full: false,
    });
    return resultDataFrame(this.spark, result);
  }
}
