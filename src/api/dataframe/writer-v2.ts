/**
 * DataFrameWriterV2 (`df.writeTo(table)`), as pyspark.sql.DataFrameWriterV2:
 * - create() / replace() / createOrReplace(): `CREATE [OR REPLACE] | REPLACE TABLE t USING … PARTITIONED BY
 *   (…) OPTIONS (…) TBLPROPERTIES (…) AS <the DataFrame>`, run by the SQL layer;
 * - append(): appends by column name to an existing table (TABLE_OR_VIEW_NOT_FOUND when there is none);
 * - overwrite(condition): replaces the rows that satisfy the condition (Delta's replaceWhere);
 * - overwritePartitions(): replaces the partitions the DataFrame has rows for (dynamic partition overwrite).
 * The writes to an existing table go through DataFrameWriter, so options (mergeSchema, userMetadata, …)
 * mean what they mean there, in the table's own format. using, partitionedBy, clusterBy and tableProperty
 * only shape a table being created, as in Spark.
 */
import { LakesqlError } from '../../errors/index.js';
import { NO_SPAN, type Property } from '../../sql/ast/common.js';
import { parseColumnName } from '../../sql/ast/frame.js';
import { printExpression } from '../../sql/index.js';
import type { Column } from '../column.js';
import { columnOrNameExpr, conditionExpr } from './arguments.js';
import type { DataFrame } from './dataframe.js';
import type { DataFrameWriter, OptionValue } from './writer.js';

export class DataFrameWriterV2 {
  #provider: string | null = null;
  readonly #options = new Map<string, string>();
  readonly #properties = new Map<string, string>();
  #partitionBy: readonly string[] = [];
  #clusterBy: string[][] | null = null;

  constructor(
    private readonly df: DataFrame,
    private readonly table: string,
  ) {}

  /** The table's provider for create/replace (`delta`, the default, or `parquet`, `csv`, …). */
  using(provider: string): this {
    this.#provider = provider;
    return this;
  }

  option(key: string, value: OptionValue): this {
    this.#options.set(key, String(value));
    return this;
  }

  options(opts: Readonly<Record<string, OptionValue>>): this {
    for (const [k, v] of Object.entries(opts)) this.option(k, v);
    return this;
  }

  tableProperty(property: string, value: string): this {
    this.#properties.set(property, value);
    return this;
  }

  /** Partition columns of a created table; partition transforms (years(), bucket(), …) are not supported. */
  partitionedBy(col: Column | string, ...cols: (Column | string)[]): this {
    this.#partitionBy = [col, ...cols].map((c) => {
      const e = columnOrNameExpr(c, 'cols');
      if (e.kind !== 'column' || e.nameParts.length !== 1) {
        throw new LakesqlError('UNSUPPORTED_FEATURE', {
          feature: `partitionedBy(${printExpression(e)}): partition transforms (only plain columns)`,
        });
      }
      return e.nameParts[0]!;
    });
    return this;
  }

  /** CLUSTER BY of a created or replaced table (PySpark 4's clusterBy): liquid clustering by these columns. */
  clusterBy(col: string, ...cols: string[]): this {
    this.#clusterBy = [col, ...cols].map((c) => parseColumnName(c));
    return this;
  }

  create(): Promise<void> {
    return this.createTable('create');
  }

  replace(): Promise<void> {
    return this.createTable('replace');
  }

  createOrReplace(): Promise<void> {
    return this.createTable('createOrReplace');
  }

  async append(): Promise<void> {
    await (await this.existing()).mode('append').saveAsTable(this.table);
  }

  /** Replaces the rows for which `condition` is true with the DataFrame's rows. */
  async overwrite(condition: Column | string): Promise<void> {
    const cond = printExpression(conditionExpr(condition, 'condition'));
    await (await this.existing()).mode('overwrite').option('replaceWhere', cond).saveAsTable(this.table);
  }

  async overwritePartitions(): Promise<void> {
    const writer = await this.existing();
    await writer.mode('overwrite').option('partitionOverwriteMode', 'dynamic').saveAsTable(this.table);
  }

  /**
   * A DataFrameWriter for the existing table, in the table's own format (as Spark's V2 writes ignore
   * using()); the table must exist: spark.table fails with TABLE_OR_VIEW_NOT_FOUND otherwise.
   */
  private async existing(): Promise<DataFrameWriter> {
    const session = this.df.sparkSession;
    await session.table(this.table);
    const parts = parseColumnName(this.table);
    const isPath = parts.length === 2 && parts[0]!.toLowerCase() === 'delta';
    const found = isPath ? undefined : await session.sqlSession.catalog.resolveRelation(parts);
    const format =
      found?.kind === 'table' && found.table.tableType !== 'VIEW' ? found.table.provider : 'delta';
    return this.df.write.format(format).options(Object.fromEntries(this.#options));
  }

  private async createTable(mode: 'create' | 'replace' | 'createOrReplace'): Promise<void> {
    const props = (m: ReadonlyMap<string, string>): Property[] =>
      [...m].map(([key, value]) => ({ key, value }));
    await this.df.sparkSession.sqlSession.executeStatement({
      kind: 'createTable',
      name: { kind: 'objectName', parts: parseColumnName(this.table), span: NO_SPAN },
      mode,
      ifNotExists: false,
      external: false,
      columns: null,
      constraints: [],
      using: this.#provider ?? 'delta',
      options: props(this.#options),
      partitionedBy: this.#partitionBy.map((name) => ({ kind: 'name', name })),
      clusterBy: this.#clusterBy,
      bucketSpec: null,
      clusterByAuto: false,
      location: null,
      comment: null,
      properties: props(this.#properties),
      query: await this.df.query(),
      clone: null,
      like: null,
      span: NO_SPAN,
    });
  }
}
