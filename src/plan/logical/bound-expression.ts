/**
 * Resolved expressions: every name bound to an Attribute, every type known, every implicit cast explicit.
 * The compiler turns these into DuckDB SQL with Spark's semantics; nothing here knows DuckDB.
 */
import type { DataType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { ResolvedCall } from '../functions/function-signature.js';
import type { Attribute } from './attribute.js';
import type { LogicalPlan } from './logical-plan.js';

export type CastMode = 'ansi' | 'try' | 'legacy';

export type { BinaryOperator } from '../types/binary-operator.js';

import type { BinaryOperator } from '../types/binary-operator.js';

export type UnaryOperator = 'not' | '-' | '+' | '~';

export interface SortOrder {
  readonly expr: BoundExpr;
  readonly ascending: boolean;
  readonly nullsFirst: boolean;
}

export interface WindowFrame {
  readonly unit: 'rows' | 'range';
  readonly start: FrameBound;
  readonly end: FrameBound;
}

export type FrameBound =
  | { readonly kind: 'unboundedPreceding' }
  | { readonly kind: 'unboundedFollowing' }
  | { readonly kind: 'currentRow' }
  | { readonly kind: 'preceding'; readonly offset: BoundExpr }
  | { readonly kind: 'following'; readonly offset: BoundExpr };

export type BoundExpr =
  | { readonly kind: 'attributeRef'; readonly attr: Attribute }
  | { readonly kind: 'outerRef'; readonly attr: Attribute }
  | { readonly kind: 'literal'; readonly value: Value; readonly type: DataType }
  | {
      readonly kind: 'cast';
      readonly child: BoundExpr;
      readonly type: DataType;
      readonly mode: CastMode;
      /** Inserted by type coercion rather than written: generated column names do not show it. */
      readonly implicit?: boolean;
      /** `expr COLLATE name`: a string given an explicit collation (the strongest, CollationTypeCoercion). */
      readonly explicitCollation?: boolean;
    }
  /** `s.f` on a struct. */
  | { readonly kind: 'getField'; readonly child: BoundExpr; readonly field: string; readonly type: DataType }
  /** `a[i]` (0-based) on an array, `m[k]` on a map. */
  | {
      readonly kind: 'subscript';
      readonly child: BoundExpr;
      readonly index: BoundExpr;
      readonly type: DataType;
    }
  | {
      readonly kind: 'binary';
      readonly op: BinaryOperator;
      readonly left: BoundExpr;
      readonly right: BoundExpr;
      readonly type: DataType;
    }
  | { readonly kind: 'unary'; readonly op: UnaryOperator; readonly child: BoundExpr; readonly type: DataType }
  | {
      readonly kind: 'call';
      readonly name: string;
      readonly args: readonly BoundExpr[];
      readonly resolved: ResolvedCall;
      readonly type: DataType;
    }
  | {
      readonly kind: 'aggregate';
      readonly name: string;
      readonly args: readonly BoundExpr[];
      readonly distinct: boolean;
      readonly filter?: BoundExpr;
      readonly ignoreNulls?: boolean;
      /** listagg's WITHIN GROUP (ORDER BY …): the order of the values it concatenates. */
      readonly orderBy?: readonly SortOrder[];
      readonly resolved: ResolvedCall;
      readonly type: DataType;
    }
  | {
      readonly kind: 'window';
      /** An aggregate, or a call of a window function (row_number, rank, lag …). */
      readonly function: BoundExpr;
      readonly partitionBy: readonly BoundExpr[];
      readonly orderBy: readonly SortOrder[];
      readonly frame?: WindowFrame;
      readonly type: DataType;
    }
  | {
      readonly kind: 'case';
      readonly branches: readonly { readonly when: BoundExpr; readonly then: BoundExpr }[];
      readonly otherwise?: BoundExpr;
      readonly type: DataType;
    }
  | { readonly kind: 'isNull'; readonly child: BoundExpr; readonly negated: boolean }
  | {
      readonly kind: 'inList';
      readonly value: BoundExpr;
      readonly list: readonly BoundExpr[];
      readonly negated: boolean;
    }
  | {
      readonly kind: 'inSubquery';
      readonly values: readonly BoundExpr[];
      readonly plan: LogicalPlan;
      readonly negated: boolean;
    }
  | { readonly kind: 'exists'; readonly plan: LogicalPlan; readonly negated: boolean }
  | { readonly kind: 'scalarSubquery'; readonly plan: LogicalPlan; readonly type: DataType }
  | {
      readonly kind: 'lambda';
      readonly params: readonly Attribute[];
      readonly body: BoundExpr;
      readonly type: DataType;
    }
  | { readonly kind: 'lambdaVariable'; readonly attr: Attribute }
  /** try_add, try_divide …: the child evaluated with ANSI checks, NULL where it would fail. */
  | { readonly kind: 'tryEval'; readonly child: BoundExpr; readonly type: DataType }
  /** grouping(col) / grouping_id(): resolved against the enclosing aggregate's grouping sets. */
  | { readonly kind: 'grouping'; readonly args: readonly BoundExpr[]; readonly type: DataType };

export function typeOf(e: BoundExpr): DataType {
  switch (e.kind) {
    case 'attributeRef':
    case 'outerRef':
    case 'lambdaVariable':
      return e.attr.type;
    case 'isNull':
    case 'inList':
    case 'inSubquery':
    case 'exists':
      return { kind: 'primitive', name: 'boolean' };
    default:
      return e.type;
  }
}
