/**
 * The source of a streaming DataFrame. Its plan reads a temp view private to the stream; for each
 * micro-batch the view is pointed at `read_files(<that batch's files>, format, schema, options…)`, so every
 * transformation of the streaming DataFrame (select, filter, withColumn, …) applies to that batch only.
 * Between batches the view is an empty relation with the source's schema.
 */
import type { DataSourceOptions } from '../../formats/data-source-options.js';
import type { Query } from '../../sql/ast/query.js';
import { parseStatement } from '../../sql/index.js';
import { type StructType, sqlTypeName } from '../../types/data-types.js';
import { emptySelect, query } from '../dataframe/ast.js';
import { readFilesCall } from '../dataframe/reader.js';
import type { LakeSession } from '../lake-session.js';

let streamCounter = 0;

export class StreamSource {
  readonly viewName: string;

  constructor(
    private readonly session: LakeSession,
    readonly format: string,
    readonly options: DataSourceOptions,
    readonly schema: StructType,
    /** The folder as the user gave it (dbfs paths resolve when the query starts). */
    readonly path: string,
    readonly rawOptions: ReadonlyMap<string, string>,
  ) {
    streamCounter += 1;
    this.viewName = `__lakesql_stream_source_${streamCounter}`;
    this.bindEmpty();
  }

  /** Points the source view at exactly these files. */
  bindFiles(paths: readonly string[]): void {
    const relation = readFilesCall(paths, this.format, this.options, this.schema);
    this.bind(query(emptySelect([relation])));
  }

  bindEmpty(): void {
    const items = this.schema.fields
      .map((f) => `CAST(NULL AS ${sqlTypeName(f.type)}) AS \`${f.name.replaceAll('`', '``')}\``)
      .join(', ');
    const statement = parseStatement(`SELECT ${items} WHERE false`);
    if (statement.kind !== 'queryStatement') throw new Error('stream source: the empty view is not a query');
    this.bind(statement.query);
  }

  private bind(q: Query): void {
    this.session.sqlSession.catalog.createTempView(
      [this.viewName],
      { kind: 'query', query: q, columnNames: null },
      true,
    );
  }
}
