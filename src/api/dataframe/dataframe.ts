/**
 * DataFrame (pyspark.sql.DataFrame): a lazily evaluated Query AST plus its session. Transformations return
 * new DataFrames at once and build their SQL AST when first needed (some read the input's columns, which
 * takes an analysis); actions (collect, count, show, …) analyze and run it through the session's SQL
 * layer, so every DataFrame gets Spark's SQL semantics. Analysis errors therefore surface at the first
 * action or schema() call rather than at the transformation, unlike PySpark's eager analysis.
 *
 * Method groups live in their own files and build on the same AST (derive.ts): na-functions.ts (na, fillna,
 * dropna, replace), describe.ts (describe, summary), sample.ts, set-operations.ts (unionByName),
 * writer.ts / writer-v2.ts (write, writeTo), row.ts (what collect() returns), arguments.ts (argument checks).
 */

import type { Table as ArrowTable } from 'apache-arrow';
import { LakesqlError } from '../../errors/index.js';
import type { AnalyzedQuery } from '../../exec/query/analyzed-query.js';
import type { QueryResult } from '../../exec/query/run-query.js';
import type { TempView } from '../../exec/relations/temp-view.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import {
  andWhere,
  type Frame,
  frameRelation,
  frameSource,
  freshAlias,
  openFrame,
  parseColumnName,
  queryFrame,
  selectOver,
} from '../../sql/ast/frame.js';
import {
  aliased,
  call,
  columnRef,
  emptySelect,
  literal,
  query,
  star,
  stringLiteral,
  subquery,
  tableRelation,
} from '../../sql/ast/node-builders.js';
import type { JoinType, Query, SortItem } from '../../sql/ast/query.js';
import { parseExpression, parseStatement } from '../../sql/index.js';
import type { StreamingRelation } from '../../streaming/sources/streaming-relation.js';
import { AggregateStep } from '../../streaming/stateful/aggregate-step.js';
import { DedupStep } from '../../streaming/stateful/dedup-step.js';
import type { DerivedStreamingRelation } from '../../streaming/stateful/derived-streaming-relation.js';
import { WatermarkStep } from '../../streaming/stateful/watermark-step.js';
import { sqlTypeName } from '../../types/data-types.js';
import { Column } from '../column.js';
import type { LakeSession } from '../lake-session.js';
import { DataStreamWriter } from '../streaming/data-stream-writer.js';
import { runFrame, schemaOf, showText } from './actions.js';
import { columnArg, columnOrNameExpr, conditionExpr } from './arguments.js';
import { projectColumns } from './derive.js';
import { describeFrame, summaryFrame } from './describe.js';
import { type ExplainArgument, explainText } from './explain.js';
import { GroupedData } from './grouped-data.js';
import { type JoinHow, joinTypeOf } from './join-type.js';
import { DataFrameNaFunctions, type DropOptions, type NaValue, type ReplaceValue } from './na-functions.js';
import { newRow, type Row } from './row.js';
import { type SampleOptions, sampleArgs, sampleFrame } from './sample.js';
import type { StructType } from './schema.js';
import { unionByNameFrame } from './set-operations.js';
import { valueToJs } from './value-to-js.js';
import { DataFrameWriter } from './writer.js';
import { DataFrameWriterV2 } from './writer-v2.js';

export type ColumnOrName = Column | string;
export type { Row } from './row.js';

export class DataFrame {
  #frame: Promise<Frame> | undefined;
  #analyzed: AnalyzedQuery | undefined;
  #rows: QueryResult | undefined;

  /**
   * `qualifier` is the alias under which this DataFrame's columns are in scope of its source (`df.col('x')`
   * is `qualifier.x`); null after a join, whose two sides keep their own aliases.
   */
  constructor(
    readonly sparkSession: LakeSession,
    private readonly build: () => Frame | Promise<Frame>,
    readonly qualifier: string | null,
    /** Set on a streaming DataFrame (spark.readStream): the source its plan reads, batch by batch. */
    readonly streamSource: StreamingRelation | null = null,
  ) {}

  /** True when this DataFrame reads a stream (spark.readStream…); write it with writeStream. */
  get isStreaming(): boolean {
    return this.streamSource !== null;
  }

  /** The frame (Query AST) of this DataFrame, built once. */
  frame(): Promise<Frame> {
    this.#frame ??= Promise.resolve().then(this.build);
    return this.#frame;
  }

  async query(): Promise<Query> {
    return (await this.frame()).query;
  }

  /** spark.sql()'s analysis of this DataFrame's query, which its actions reuse while it is current. */
  get analyzed(): AnalyzedQuery | undefined {
    return this.#analyzed;
  }

  /** Keeps the analysis spark.sql() made of this DataFrame's own query (exec/query/analyzed-query.ts). */
  keepAnalysis(analyzed: AnalyzedQuery | undefined): this {
    this.#analyzed = analyzed;
    return this;
  }

  /** The rows this DataFrame's own query yields, when known without running it (a statement's result). */
  get knownRows(): QueryResult | undefined {
    return this.#rows;
  }

  /** Keeps rows its query is known to yield, so that collecting them costs no query (api/delta-tables/result-frame.ts). */
  keepRows(rows: QueryResult): this {
    this.#rows = rows;
    return this;
  }

  private derive(build: (f: Frame) => Frame | Promise<Frame>, qualifier = this.qualifier): DataFrame {
    return new DataFrame(
      this.sparkSession,
      async () => build(await this.frame()),
      qualifier,
      this.streamSource,
    );
  }

  /** This DataFrame's column `name` (PySpark's `df['name']` / `df.name`), qualified by its alias. */
  col(name: string): Column {
    const parts = parseColumnName(name);
    return new Column(columnRef(this.qualifier ? [this.qualifier, ...parts] : parts));
  }

  // ---- transformations ----

  select(...cols: (ColumnOrName | readonly ColumnOrName[])[]): DataFrame {
    const items = cols.flat().map(selectItem);
    return this.derive((f) => queryFrame(query(selectOver(f, this.qualifier, items))));
  }

  /** SQL select items (`'a + 1 AS b'`), parsed as Spark's namedExpression. */
  selectExpr(...exprs: string[]): DataFrame {
    return this.select(...exprs.map((e) => new Column(parseNamedExpression(e))));
  }

  filter(condition: Column | string): DataFrame {
    const cond = conditionExpr(condition, 'condition');
    return this.derive((f) => {
      const { from, where } = frameSource(f, this.qualifier);
      return openFrame(from, andWhere(where, cond));
    });
  }

  where(condition: Column | string): DataFrame {
    return this.filter(condition);
  }

  /** Replaces a column of the same name in place, else appends one (Spark's withColumn). */
  withColumn(name: string, value: Column): DataFrame {
    return this.withColumns({ [name]: value });
  }

  withColumns(columns: Readonly<Record<string, Column>>): DataFrame {
    return this.derive(async (f) => {
      const names = await this.columns();
      const pending = new Map(Object.entries(columns).map(([k, v]) => [k.toLowerCase(), [k, v] as const]));
      const items: Expression[] = names.map((n) => {
        const replace = pending.get(n.toLowerCase());
        return replace ? aliased(columnArg(replace[1], 'col').expr, replace[0]) : columnRef([n]);
      });
      const existing = new Set(names.map((n) => n.toLowerCase()));
      for (const [key, [name, c]] of pending) {
        if (!existing.has(key)) items.push(aliased(columnArg(c, 'col').expr, name));
      }
      return queryFrame(query(selectOver(f, this.qualifier, items)));
    });
  }

  /** Renames a column; a name that does not exist is a no-op, as in Spark. */
  withColumnRenamed(existing: string, newName: string): DataFrame {
    return this.derive(async (f) => {
      const names = await this.columns();
      if (!names.some((n) => n.toLowerCase() === existing.toLowerCase())) return f;
      const items = names.map((n) =>
        n.toLowerCase() === existing.toLowerCase() ? aliased(columnRef([n]), newName) : columnRef([n]),
      );
      return queryFrame(query(selectOver(f, this.qualifier, items)));
    });
  }

  /** Drops columns by name; names that do not exist are ignored, as in Spark. */
  drop(...cols: string[]): DataFrame {
    const dropped = new Set(cols.map((c) => c.toLowerCase()));
    return this.derive(async (f) => {
      const names = await this.columns();
      if (!names.some((n) => dropped.has(n.toLowerCase()))) return f;
      const items = names.filter((n) => !dropped.has(n.toLowerCase())).map((n) => columnRef([n]));
      return queryFrame(query(selectOver(f, this.qualifier, items)));
    });
  }

  /**
   * Joins with `other`: `on` a column name or names (USING semantics: each key once in the output), or a
   * Column condition; no `on` is a cartesian product. `how`: inner, cross, outer/full/full_outer,
   * left/left_outer, right/right_outer, left_semi/semi, left_anti/anti.
   */
  join(
    other: DataFrame,
    on?: string | readonly string[] | Column | readonly Column[],
    how: JoinHow = 'inner',
  ): DataFrame {
    const type: JoinType = joinTypeOf(how);
    const keys: readonly unknown[] = on === undefined || on === null ? [] : Array.isArray(on) ? on : [on];
    const criteria =
      keys.length === 0
        ? null
        : keys.every((k) => typeof k === 'string')
          ? { kind: 'using' as const, columns: keys as string[] }
          : {
              kind: 'on' as const,
              condition: keys.map((k) => columnArg(k, 'on').expr).reduce((a, b) => andWhere(a, b)),
            };
    return new DataFrame(
      this.sparkSession,
      async () => {
        const left = frameRelation(await this.frame(), this.qualifier);
        const right = frameRelation(await other.frame(), other.qualifier);
        return openFrame({
          kind: 'join',
          type: criteria === null && type === 'INNER' ? 'CROSS' : type,
          natural: false,
          left,
          right,
          criteria,
          span: NO_SPAN,
        });
      },
      null,
      // A stream joined with a static DataFrame is a stream: each batch joins the static side as read then
      // (stream-stream joins are refused when the query starts, unsupported-operations.ts).
      this.streamSource ?? other.streamSource,
    );
  }

  crossJoin(other: DataFrame): DataFrame {
    return this.join(other, undefined, 'cross');
  }

  groupBy(...cols: (ColumnOrName | readonly ColumnOrName[])[]): GroupedData {
    return new GroupedData(this, cols.flat().map(keyExpr));
  }

  groupby(...cols: (ColumnOrName | readonly ColumnOrName[])[]): GroupedData {
    return this.groupBy(...cols);
  }

  /** Aggregates over the whole DataFrame (`df.agg(max('v'))`). */
  agg(...cols: (Column | Readonly<Record<string, string>>)[]): DataFrame {
    return this.groupBy().agg(...cols);
  }

  orderBy(...cols: (ColumnOrName | readonly ColumnOrName[])[]): DataFrame {
    const items: SortItem[] = cols
      .flat()
      .map((c) =>
        c instanceof Column
          ? c.sortItem()
          : { expr: columnOrNameExpr(c, 'cols'), direction: null, nulls: null },
      );
    return this.derive((f) => {
      const body = f.open
        ? selectOver(f, this.qualifier, [star()])
        : emptySelect([subquery(f.query, this.qualifierOrHidden())]);
      return queryFrame(query(body, items));
    });
  }

  sort(...cols: (ColumnOrName | readonly ColumnOrName[])[]): DataFrame {
    return this.orderBy(...cols);
  }

  limit(n: number): DataFrame {
    const limit = literal({ type: 'int', value: BigInt(n) });
    return this.derive((f) => {
      if (f.query.limit === null && f.query.offset === null) return queryFrame({ ...f.query, limit });
      return queryFrame({ ...query(emptySelect([subquery(f.query, this.qualifierOrHidden())])), limit });
    });
  }

  distinct(): DataFrame {
    return this.derive((f) =>
      queryFrame(query({ ...selectOver(f, this.qualifier, [star()]), distinct: true })),
    );
  }

  /**
   * Keeps one row per distinct value of `subset` (all columns when omitted). Like Spark's
   * ReplaceDeduplicateWithAggregate: group by the keys and take first() of every other column.
   */
  dropDuplicates(subset?: readonly string[]): DataFrame {
    // On a stream the keys seen so far are kept as state (streaming/stateful/dedup-step.ts).
    if (this.isStreaming) return this.streamingOver(new DedupStep(this, subset, false));
    if (!subset || subset.length === 0) return this.distinct();
    return this.derive(async (f) => {
      const names = await this.columns();
      const keys = new Set(subset.map((s) => s.toLowerCase()));
      for (const s of subset) {
        if (!names.some((n) => n.toLowerCase() === s.toLowerCase())) {
          throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
            objectName: `\`${s}\``,
            proposal: names.map((n) => `\`${n}\``).join(', '),
          });
        }
      }
      const items = names.map((n) =>
        keys.has(n.toLowerCase()) ? columnRef([n]) : aliased(call('first', [columnRef([n])]), n),
      );
      const groupKeys = names.filter((n) => keys.has(n.toLowerCase())).map((n) => columnRef([n]));
      const select = selectOver(f, this.qualifier, items);
      return queryFrame(
        query({
          ...select,
          groupBy: {
            all: false,
            with: null,
            elements: groupKeys.map((e) => ({ kind: 'expression', expr: e })),
          },
        }),
      );
    });
  }

  drop_duplicates(subset?: readonly string[]): DataFrame {
    return this.dropDuplicates(subset);
  }

  /**
   * On a stream with a watermark: drops rows whose keys were seen within the watermark's delay of the
   * first one (Spark 3.5's dropDuplicatesWithinWatermark). On a batch DataFrame, dropDuplicates.
   */
  dropDuplicatesWithinWatermark(subset?: readonly string[]): DataFrame {
    if (this.isStreaming) return this.streamingOver(new DedupStep(this, subset, true));
    return this.dropDuplicates(subset);
  }

  /**
   * Declares `eventTime` (a timestamp column) this stream's event time, late by at most `delayThreshold`
   * (`'10 minutes'`): stateful operators downstream drop rows behind the watermark and forget old state.
   * A batch DataFrame is returned unchanged, as Spark does.
   */
  withWatermark(eventTime: string, delayThreshold: string): DataFrame {
    if (!this.isStreaming) return this;
    return this.streamingOver(new WatermarkStep(this, eventTime, delayThreshold));
  }

  /** @internal A streaming aggregation of this stream (GroupedData on a streaming DataFrame). */
  streamingAggregate(
    keys: readonly Expression[],
    aggregates: () => Promise<readonly Expression[]>,
  ): DataFrame {
    return this.streamingOver(new AggregateStep(this, keys, aggregates));
  }

  /** A streaming DataFrame reading a stateful step's view (streaming/stateful/derived-streaming-relation.ts). */
  private streamingOver(step: DerivedStreamingRelation): DataFrame {
    const alias = freshAlias();
    return new DataFrame(
      this.sparkSession,
      async () => {
        await step.ready();
        return openFrame(tableRelation([step.viewName], alias));
      },
      alias,
      step,
    );
  }

  /** UNION ALL by position (Spark's union keeps duplicates); column names come from this DataFrame. */
  union(other: DataFrame): DataFrame {
    return this.derive(async (f) =>
      this.unionFrame(f, selectOver(await other.frame(), other.qualifier, [star()])),
    );
  }

  unionAll(other: DataFrame): DataFrame {
    return this.union(other);
  }

  /**
   * UNION ALL matching columns by name. With allowMissingColumns, a column missing on one side is NULL
   * there, and the other side's extra columns come last (Spark's unionByName).
   */
  unionByName(other: DataFrame, allowMissingColumns = false): DataFrame {
    return this.derive(async (f) => unionByNameFrame(this, f, other, allowMissingColumns));
  }

  /**
   * Renames columns by a `{ existing: new }` map, all at once (`{ a: 'b', b: 'a' }` swaps them); names that
   * do not exist are ignored, as in Spark.
   */
  withColumnsRenamed(colsMap: Readonly<Record<string, string>>): DataFrame {
    const renames = new Map(Object.entries(colsMap).map(([from, to]) => [from.toLowerCase(), to]));
    return projectColumns(this, (columns) =>
      columns.map((c) => {
        const to = renames.get(c.name.toLowerCase());
        return to === undefined ? columnRef([c.name]) : aliased(columnRef([c.name]), to);
      }),
    );
  }

  /** `df.transform(f, ...args)` is `f(df, ...args)`: chains a user's DataFrame function. */
  transform<A extends unknown[]>(func: (df: DataFrame, ...args: A) => DataFrame, ...args: A): DataFrame {
    const result = func(this, ...args);
    if (!(result instanceof DataFrame)) {
      throw new LakesqlError('NOT_DATAFRAME', { arg_name: 'func', arg_type: typeof result });
    }
    return result;
  }

  /** df.na: fill / drop / replace of missing values (na-functions.ts). */
  get na(): DataFrameNaFunctions {
    return new DataFrameNaFunctions(this);
  }

  fillna(value: NaValue | Readonly<Record<string, NaValue>>, subset?: string | readonly string[]): DataFrame {
    return this.na.fill(value, subset);
  }

  dropna(
    how: 'any' | 'all' | DropOptions = 'any',
    thresh?: number,
    subset?: string | readonly string[],
  ): DataFrame {
    return this.na.drop(how, thresh, subset);
  }

  replace(
    toReplace: ReplaceValue | readonly ReplaceValue[] | Readonly<Record<string, ReplaceValue>>,
    value?: ReplaceValue | readonly ReplaceValue[],
    subset?: string | readonly string[],
  ): DataFrame {
    return this.na.replace(toReplace, value, subset);
  }

  /** count, mean, stddev, min, max of the numeric and string columns, as strings (describe.ts). */
  describe(...cols: (string | readonly string[])[]): DataFrame {
    return describeFrame(this, cols.flat());
  }

  /** The given statistics (default count, mean, stddev, min, 25%, 50%, 75%, max), as describe.ts says. */
  summary(...statistics: string[]): DataFrame {
    return summaryFrame(this, statistics);
  }

  /** sample(fraction, seed?) or sample(withReplacement, fraction, seed?): a reproducible sample (sample.ts). */
  sample(
    ...args:
      | [fraction: number, seed?: number | bigint]
      | [withReplacement: boolean, fraction: number, seed?: number | bigint]
      | [options: SampleOptions]
  ): DataFrame {
    return sampleFrame(this, sampleArgs(args));
  }

  /** The frame itself: lakesql does not cache results, each action runs the query (Spark's cache is a hint too). */
  cache(): this {
    return this;
  }

  persist(_storageLevel?: unknown): this {
    return this;
  }

  unpersist(_blocking?: boolean): this {
    return this;
  }

  /** Each row as a JSON string, in one column `value` (Spark's Dataset.toJSON, to_json of the row). */
  toJSON(): DataFrame {
    return projectColumns(this, (columns) => [
      aliased(
        call('to_json', [
          call(
            'named_struct',
            columns.flatMap((c) => [stringLiteral(c.name), columnRef([c.name])]),
          ),
        ]),
        'value',
      ),
    ]);
  }

  /** This DataFrame under a new alias, for qualified references (`col('a.id')`) and self-joins. */
  alias(name: string): DataFrame {
    return this.derive((f) => openFrame(subquery(f.query, name)), name);
  }

  /** df.write: a DataFrameWriter for this DataFrame's rows (writer.ts). */
  get write(): DataFrameWriter {
    return new DataFrameWriter(this);
  }

  /** df.writeTo(table): a DataFrameWriterV2 (create, replace, append, overwrite…; writer-v2.ts). */
  writeTo(table: string): DataFrameWriterV2 {
    return new DataFrameWriterV2(this, table);
  }

  /** df.writeStream: a DataStreamWriter for a streaming DataFrame (api/streaming). */
  get writeStream(): DataStreamWriter {
    if (!this.streamSource) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: "'writeStream' on a DataFrame that is not streaming (read it with spark.readStream)",
      });
    }
    return new DataStreamWriter(this, this.streamSource);
  }

  /** The same rows; lakesql runs each query in one DuckDB plan, so partitioning is not the caller's to set. */
  repartition(..._args: unknown[]): DataFrame {
    return this.derive((f) => f);
  }

  coalesce(_numPartitions: number): DataFrame {
    return this.derive((f) => f);
  }

  // ---- views ----

  async createOrReplaceTempView(name: string): Promise<void> {
    await this.createView(name, true);
  }

  async createTempView(name: string): Promise<void> {
    await this.createView(name, false);
  }

  private async createView(name: string, replace: boolean): Promise<void> {
    const q = await this.query();
    const parts = parseColumnName(name);
    const view: TempView = { kind: 'query', query: q, columnNames: null };
    this.sparkSession.sqlSession.catalog.createTempView(parts, view, replace);
    this.sparkSession.streamingViews.defined(parts, view, this);
  }

  // ---- actions ----

  /** Every row as a plain object keyed by column name (values as value-to-js.ts describes). */
  async collect(): Promise<Row[]> {
    const result = await runFrame(this);
    return result.rows.map((r) => {
      const row = newRow();
      result.columns.forEach((c, i) => {
        row[c.name] = valueToJs(r[i] ?? null, c.type);
      });
      return row;
    });
  }

  take(n: number): Promise<Row[]> {
    return this.limit(n).collect();
  }

  head(n = 1): Promise<Row[]> {
    return this.take(n);
  }

  async first(): Promise<Row | null> {
    return (await this.take(1))[0] ?? null;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.take(1)).length === 0;
  }

  async count(): Promise<number> {
    const counted = this.derive((f) =>
      queryFrame(query(selectOver(f, this.qualifier, [aliased(call('count', [star()]), 'count')]))),
    );
    const rows = await counted.collect();
    return Number(rows[0]?.count ?? 0);
  }

  /** Spark's show(): the table Dataset.showString prints; written to the session's output and returned. */
  async show(n = 20, truncate: boolean | number = true): Promise<string> {
    const text = await showText(this, n, truncate === true ? 20 : truncate === false ? 0 : truncate);
    this.sparkSession.write(text);
    return text;
  }

  async schema(): Promise<StructType> {
    return schemaOf(this);
  }

  async columns(): Promise<string[]> {
    return (await this.schema()).fieldNames();
  }

  /** Column names with their simpleString types (PySpark's `dtypes`). */
  async dtypes(): Promise<[string, string][]> {
    return (await this.schema()).fields.map((f) => [f.name, sqlTypeName(f.dataType.type)]);
  }

  async printSchema(): Promise<string> {
    const text = (await this.schema()).treeString();
    this.sparkSession.write(`${text}\n`);
    return text;
  }

  /**
   * PySpark's explain(extended | mode): prints the plan text SQL's EXPLAIN gives (explain.ts) and returns it.
   */
  async explain(extended?: ExplainArgument): Promise<string> {
    const text = await explainText(this, extended);
    this.sparkSession.write(text);
    return text;
  }

  /**
   * The result as an apache-arrow Table (Spark's Arrow type mapping; see to-arrow.ts). apache-arrow is loaded
   * on the first call: importing it costs about half a second, which every session and `lakesql` command
   * would otherwise pay at start.
   */
  async toArrow(): Promise<ArrowTable> {
    const { resultToArrow } = await import('./to-arrow.js');
    return resultToArrow(await runFrame(this));
  }

  private unionFrame(f: Frame, right: ReturnType<typeof selectOver>): Frame {
    const left = selectOver(f, this.qualifier, [star()]);
    return queryFrame(query({ kind: 'setOperation', op: 'UNION', all: true, left, right, span: NO_SPAN }));
  }

  private qualifierOrHidden(): string {
    return this.qualifier ?? '__df_joined';
  }
}

function parseNamedExpression(text: string): Expression {
  const stmt = parseStatement(`SELECT ${text}`);
  const body = stmt.kind === 'queryStatement' ? stmt.query.body : undefined;
  const item = body?.kind === 'select' && body.items.length === 1 ? body.items[0] : undefined;
  return item ?? parseExpression(text);
}

function selectItem(c: ColumnOrName): Expression {
  return c === '*' ? star() : columnOrNameExpr(c, 'cols');
}

function keyExpr(c: ColumnOrName): Expression {
  return columnOrNameExpr(c, 'cols');
}
