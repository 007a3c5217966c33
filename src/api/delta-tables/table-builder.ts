/**
 * DeltaTableBuilder (delta-spark's `DeltaTable.create(spark)`, `createIfNotExists`, `replace`,
 * `createOrReplace`): collects a table name and/or location, columns, partition or clustering columns,
 * comment and properties, and `execute()` runs the CREATE / REPLACE TABLE statement they spell through the
 * SQL layer
 * (so rules and errors are CREATE TABLE's), then opens the table as a DeltaTable. As in PySpark, each
 * setter returns this builder.
 *
 *     const t = await DeltaTable.createIfNotExists(spark)
 *       .tableName('events')
 *       .addColumn('id', 'INT', { nullable: false })
 *       .addColumn('day', types.DateType, { generatedAlwaysAs: 'CAST(ts AS DATE)', comment: 'partition' })
 *       .partitionedBy('day')
 *       .execute();
 */

import { LakesqlError } from '../../errors/index.js';
import { NO_SPAN, type Property } from '../../sql/ast/common.js';
import { parseColumnName } from '../../sql/ast/frame.js';
import type { ColumnDefinition, CreateTable } from '../../sql/ast/statements-ddl.js';
import { parseExpression } from '../../sql/index.js';
import type { DataType, StructField as RawStructField } from '../../types/data-types.js';
import { jsTypeName, requireBool, requireOptions, requireString } from '../arguments.js';
import { resolveType } from '../column.js';
import { DataTypeWrapper, StructField, StructType } from '../dataframe/schema.js';
import type { LakeSession } from '../lake-session.js';

/** How `execute()` treats an existing table: CREATE, CREATE IF NOT EXISTS, REPLACE, CREATE OR REPLACE. */
export type TableBuilderMode = 'create' | 'createIfNotExists' | 'replace' | 'createOrReplace';

export interface ColumnOptions {
  /** NOT NULL when false; true by default. */
  readonly nullable?: boolean;
  /** GENERATED ALWAYS AS (expression), a SQL expression over other columns. */
  readonly generatedAlwaysAs?: string;
  readonly comment?: string;
}

/** Opens the table the builder made: by name when one was given, else by location. */
export type TableOpener<T> = (spark: LakeSession, name: string | null, location: string | null) => Promise<T>;

export class DeltaTableBuilder<T> {
  private identifier: string | null = null;
  private path: string | null = null;
  private tableComment: string | null = null;
  private readonly columns: ColumnDefinition[] = [];
  private partitions: string[] = [];
  private clustering: string[][] | null = null;
  private readonly properties: Property[] = [];

  constructor(
    private readonly spark: LakeSession,
    private readonly mode: TableBuilderMode,
    private readonly open: TableOpener<T>,
  ) {}

  /** The table name, optionally qualified: `db.t`. */
  tableName(identifier: string): this {
    this.identifier = requireString(identifier, 'identifier');
    return this;
  }

  /** Where the table's data lives (an external table when a name is given too). */
  location(location: string): this {
    this.path = requireString(location, 'location');
    return this;
  }

  comment(comment: string): this {
    this.tableComment = requireString(comment, 'comment');
    return this;
  }

  /** One column: `addColumn('c1', 'INT', { nullable: false })`, the type as DDL text or a `types` type. */
  addColumn(colName: string, dataType: string | DataTypeWrapper | DataType, options?: ColumnOptions): this {
    const name = requireString(colName, 'colName');
    if (typeof dataType !== 'string' && !(dataType instanceof DataTypeWrapper) && !isRawType(dataType)) {
      throw new LakesqlError('NOT_STR', { arg_name: 'dataType', arg_type: jsTypeName(dataType) });
    }
    const opts = requireOptions(
      options,
      'options',
      ['nullable', 'generatedAlwaysAs', 'comment'],
      'addColumn(colName, dataType, options)',
    );
    const generated =
      opts.generatedAlwaysAs === undefined
        ? null
        : requireString(opts.generatedAlwaysAs, 'generatedAlwaysAs');
    this.columns.push({
      name,
      dataType: resolveType(dataType),
      nullable: opts.nullable === undefined ? true : requireBool(opts.nullable, 'nullable'),
      comment: opts.comment === undefined ? null : requireString(opts.comment, 'comment'),
      default: null,
      generated: generated === null ? null : { kind: 'expression', expr: parseExpression(generated) },
      position: null,
      span: NO_SPAN,
    });
    return this;
  }

  /** The columns of a schema: a `types.StructType` (e.g. `await df.schema()`) or a list of StructFields. */
  addColumns(cols: StructType | readonly StructField[]): this {
    const fields = structFields(cols);
    for (const f of fields) {
      const comment = f.metadata.comment;
      this.columns.push({
        name: f.name,
        dataType: f.type,
        nullable: f.nullable,
        comment: typeof comment === 'string' ? comment : null,
        default: null,
        generated: null,
        position: null,
        span: NO_SPAN,
      });
    }
    return this;
  }

  /** PARTITIONED BY: `partitionedBy('a', 'b')` or `partitionedBy(['a', 'b'])`. */
  partitionedBy(...cols: readonly (string | readonly string[])[]): this {
    const flat = cols.length === 1 && Array.isArray(cols[0]) ? cols[0] : cols;
    this.partitions = flat.map((c, i) => requireString(c, `cols[${i}]`));
    this.assertNotPartitionedAndClustered();
    return this;
  }

  /**
   * CLUSTER BY: liquid clustering by these columns, `clusterBy('a', 'b.c')` or `clusterBy(['a'])` (a dotted
   * name reaches into a struct; backticks quote). Like delta-spark's, refused together with partitionedBy.
   */
  clusterBy(...colNames: readonly (string | readonly string[])[]): this {
    const flat = colNames.length === 1 && Array.isArray(colNames[0]) ? colNames[0] : colNames;
    this.clustering = flat.map((c, i) => parseColumnName(requireString(c, `colNames[${i}]`)));
    this.assertNotPartitionedAndClustered();
    return this;
  }

  private assertNotPartitionedAndClustered(): void {
    if (this.partitions.length > 0 && this.clustering !== null && this.clustering.length > 0) {
      throw new LakesqlError('DELTA_CLUSTER_BY_WITH_PARTITIONED_BY', {});
    }
  }

  /** A table property (TBLPROPERTIES), e.g. `property('delta.appendOnly', 'true')`. */
  property(key: string, value: string): this {
    this.properties.push({ key: requireString(key, 'key'), value: requireString(value, 'value') });
    return this;
  }

  /** Creates or replaces the table and opens it. */
  async execute(): Promise<T> {
    if (this.identifier === null && this.path === null) {
      throw new LakesqlError('DELTA_TABLE_NAME_OR_LOCATION_REQUIRED');
    }
    const parts = this.identifier !== null ? parseColumnName(this.identifier) : ['delta', this.path!];
    const stmt: CreateTable = {
      kind: 'createTable',
      name: { kind: 'objectName', parts, span: NO_SPAN },
      mode: this.mode === 'createIfNotExists' ? 'create' : this.mode,
      ifNotExists: this.mode === 'createIfNotExists',
      external: false,
      columns: this.columns.length > 0 ? [...this.columns] : null,
      constraints: [],
      using: 'delta',
      options: [],
      partitionedBy: this.partitions.map((name) => ({ kind: 'name', name })),
      clusterBy: this.clustering,
      bucketSpec: null,
      clusterByAuto: false,
      location: this.identifier !== null ? this.path : null,
      comment: this.tableComment,
      properties: [...this.properties],
      query: null,
      clone: null,
      like: null,
      span: NO_SPAN,
    };
    await this.spark.sqlSession.executeStatement(stmt);
    return this.open(this.spark, this.identifier, this.path);
  }
}

function isRawType(v: unknown): v is DataType {
  return typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';
}

function structFields(cols: unknown): readonly RawStructField[] {
  if (cols instanceof StructType) return cols.raw.fields;
  if (Array.isArray(cols) && cols.every((c) => c instanceof StructField)) {
    return (cols as StructField[]).map((f) => ({
      name: f.name,
      type: f.dataType.type,
      nullable: f.nullable,
      metadata: f.metadata,
    }));
  }
  throw new LakesqlError('NOT_STRUCT', { arg_name: 'cols', arg_type: jsTypeName(cols) });
}
