/**
 * Query nodes (SqlBaseParser.g4 `query`, `queryTerm`, `queryPrimary`, `querySpecification`, `relation`).
 * A Query is a body (select, set operation, VALUES, TABLE t, or a nested query) wrapped by WITH and by
 * Spark's queryOrganization (ORDER BY / CLUSTER BY / DISTRIBUTE BY / SORT BY / LIMIT / OFFSET).
 */
import type { ObjectName, Span } from './common.js';
import type { Expression, FunctionCall, WindowSpec } from './expressions.js';

export interface SortItem {
  readonly expr: Expression;
  /** null when not written (ascending). */
  readonly direction: 'ASC' | 'DESC' | null;
  /** null when not written (Spark: NULLS FIRST for ASC, NULLS LAST for DESC). */
  readonly nulls: 'FIRST' | 'LAST' | null;
}

export interface CommonTableExpression {
  readonly name: string;
  readonly columns: readonly string[] | null;
  readonly query: Query;
  readonly span: Span;
}

export interface WithClause {
  readonly recursive: boolean;
  readonly ctes: readonly CommonTableExpression[];
}

export interface Query {
  readonly kind: 'query';
  readonly with: WithClause | null;
  readonly body: QueryBody;
  readonly orderBy: readonly SortItem[];
  readonly clusterBy: readonly Expression[];
  readonly distributeBy: readonly Expression[];
  readonly sortBy: readonly SortItem[];
  /** LIMIT n; LIMIT ALL is no limit. */
  readonly limit: Expression | null;
  readonly offset: Expression | null;
  readonly span: Span;
}

export type QueryBody = Select | SetOperation | ValuesBody | TableBody | Query;

export interface SetOperation {
  readonly kind: 'setOperation';
  readonly op: 'UNION' | 'INTERSECT' | 'EXCEPT';
  /** UNION ALL; without ALL (or with DISTINCT) duplicates are removed. */
  readonly all: boolean;
  readonly left: QueryBody;
  readonly right: QueryBody;
  readonly span: Span;
}

/** A standalone `VALUES (…), (…)` query. */
export interface ValuesBody {
  readonly kind: 'values';
  readonly rows: readonly (readonly Expression[])[];
  readonly span: Span;
}

/** `TABLE t`. */
export interface TableBody {
  readonly kind: 'tableQuery';
  readonly name: ObjectName;
  readonly span: Span;
}

export interface Hint {
  readonly name: string;
  readonly args: readonly Expression[];
}

export interface NamedWindow {
  readonly name: string;
  readonly spec: WindowSpec;
}

/** One GROUP BY element: an expression, or ROLLUP / CUBE / GROUPING SETS over grouping sets. */
export type GroupingElement =
  | { readonly kind: 'expression'; readonly expr: Expression }
  | {
      readonly kind: 'rollup' | 'cube';
      /** Each set is a parenthesised list or a single expression. */
      readonly sets: readonly (readonly Expression[])[];
    }
  | { readonly kind: 'groupingSets'; readonly sets: readonly GroupingSetItem[] };

/** An item of GROUPING SETS (…): a set of expressions, or a nested ROLLUP / CUBE. */
export type GroupingSetItem =
  | { readonly kind: 'set'; readonly exprs: readonly Expression[] }
  | { readonly kind: 'rollup' | 'cube'; readonly sets: readonly (readonly Expression[])[] }
  | { readonly kind: 'groupingSets'; readonly sets: readonly GroupingSetItem[] };

export interface GroupBy {
  /** GROUP BY ALL. */
  readonly all: boolean;
  readonly elements: readonly GroupingElement[];
  /** `GROUP BY a, b WITH ROLLUP|CUBE`. */
  readonly with: 'ROLLUP' | 'CUBE' | null;
}

export interface LateralView {
  readonly outer: boolean;
  readonly generator: FunctionCall;
  readonly tableAlias: string | null;
  readonly columnAliases: readonly string[];
}

export interface Pivot {
  readonly aggregates: readonly Expression[];
  /** FOR col or FOR (a, b). */
  readonly columns: readonly Expression[];
  /** The IN values, each possibly aliased (an `alias` expression). */
  readonly values: readonly Expression[];
  readonly alias: TableAlias | null;
}

export interface Unpivot {
  /** INCLUDE NULLS keeps rows whose value is null; Spark's default excludes them. */
  readonly includeNulls: boolean;
  /** One name for a single-value unpivot, several for multi-value. */
  readonly valueColumns: readonly string[];
  readonly nameColumn: string;
  readonly columns: readonly {
    readonly columns: readonly (readonly string[])[];
    readonly alias: string | null;
  }[];
  readonly alias: TableAlias | null;
}

export interface Select {
  readonly kind: 'select';
  readonly hints: readonly Hint[];
  readonly distinct: boolean;
  readonly items: readonly Expression[];
  /** Comma-separated relations; empty for SELECT without FROM. */
  readonly from: readonly Relation[];
  readonly lateralViews: readonly LateralView[];
  readonly pivot: Pivot | null;
  readonly unpivot: Unpivot | null;
  readonly where: Expression | null;
  readonly groupBy: GroupBy | null;
  readonly having: Expression | null;
  readonly qualify: Expression | null;
  readonly windows: readonly NamedWindow[];
  /** Set when this select stands for a SQL pipe operator (`|> SELECT`, `|> EXTEND`, …): its own rules. */
  readonly pipe?: PipeClause;
  readonly span: Span;
}

/**
 * What a pipe operator asks of the select that stands for it (Spark's operatorPipeRightSide): SELECT and
 * EXTEND refuse aggregate functions, SET replaces columns in place, AGGREGATE lists its grouping keys first.
 */
export type PipeClause =
  | { readonly kind: 'select' | 'extend' }
  | {
      readonly kind: 'set';
      readonly assignments: readonly { readonly column: readonly string[]; readonly value: Expression }[];
    }
  | { readonly kind: 'aggregate'; readonly groupingCount: number };

export interface TableAlias {
  readonly name: string;
  readonly columns: readonly string[];
}

export type TimeTravel =
  | { readonly kind: 'version'; readonly version: Expression }
  | {
      readonly kind: 'timestamp';
      readonly timestamp: Expression;
      /** Given as the reader option `timestampAsOf`: a bad value is Spark's ….OPTION error. */
      readonly fromOption?: boolean;
    };

/** Spark's sampleMethod: `x PERCENT` (a signed number literal), `expr ROWS`, `BUCKET x OUT OF y`. */
export type SampleMethod =
  | { readonly kind: 'percent'; readonly percent: number }
  | { readonly kind: 'rows'; readonly rows: Expression }
  | { readonly kind: 'bucket'; readonly numerator: number; readonly denominator: number };

/** `TABLESAMPLE (method) [REPEATABLE (seed)]`. */
export type TableSample = SampleMethod & { readonly seed: bigint | null };

export type JoinType = 'INNER' | 'CROSS' | 'LEFT' | 'RIGHT' | 'FULL' | 'SEMI' | 'ANTI';

export type JoinCriteria =
  | { readonly kind: 'on'; readonly condition: Expression }
  | { readonly kind: 'using'; readonly columns: readonly string[] };

export type Relation =
  | {
      readonly kind: 'table';
      /** Also path tables: delta.`/p` is ['delta', '/p']. */
      readonly name: ObjectName;
      readonly timeTravel: TimeTravel | null;
      /** WITH (k = v) options after the name. */
      readonly options: readonly { readonly key: string; readonly value: string }[];
      readonly sample: TableSample | null;
      readonly alias: TableAlias | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'subquery';
      readonly query: Query;
      readonly lateral: boolean;
      /** The input of a pipe operator: its columns keep the qualifiers they had (`FROM t |> WHERE t.a > 0`). */
      readonly pipeInput?: boolean;
      readonly sample: TableSample | null;
      readonly alias: TableAlias | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'tableFunction';
      readonly name: ObjectName;
      /** Arguments; `TABLE(t)` arguments are `column` expressions wrapped in a tableArgument function. */
      readonly args: readonly Expression[];
      /**
       * What the API already learned about the files of a `read_files(…)` it built (a DataFrame reader's
       * plain CSV read), handed to the relation resolver as is; never parsed from or printed to SQL text.
       */
      readonly decided?: unknown;
      readonly lateral: boolean;
      readonly alias: TableAlias | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'inlineTable';
      readonly rows: readonly (readonly Expression[])[];
      readonly alias: TableAlias | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'join';
      readonly type: JoinType;
      readonly natural: boolean;
      readonly left: Relation;
      readonly right: Relation;
      readonly criteria: JoinCriteria | null;
      readonly span: Span;
    }
  /** A parenthesised join tree `(a JOIN b)`, optionally aliased. */
  | {
      readonly kind: 'parenthesized';
      readonly relation: Relation;
      readonly alias: TableAlias | null;
      readonly span: Span;
    };
