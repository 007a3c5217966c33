/**
 * pyspark.sql.Window: `Window.partitionBy('k').orderBy('t').rowsBetween(Window.unboundedPreceding,
 * Window.currentRow)` builds an OVER (…) spec for `column.over(spec)`. Frame bounds are numbers:
 * Window.unboundedPreceding / unboundedFollowing (±Infinity here; PySpark uses ±sys.maxsize), currentRow (0),
 * and negative / positive offsets for PRECEDING / FOLLOWING, as in Spark's WindowSpec.rowsBetween.
 */

import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression, WindowFrame, WindowFrameBound, WindowSpec } from '../../sql/ast/expressions.js';
import { literal } from '../../sql/ast/node-builders.js';
import { Column } from '../column.js';
import { columnOrNameExpr } from './arguments.js';

type ColumnOrName = Column | string;

function expr(c: ColumnOrName): Expression {
  return columnOrNameExpr(c, 'cols');
}

export class WindowSpecBuilder {
  constructor(readonly spec: WindowSpec) {}

  partitionBy(...cols: ColumnOrName[]): WindowSpecBuilder {
    return new WindowSpecBuilder({ ...this.spec, partitionBy: cols.map(expr) });
  }

  orderBy(...cols: ColumnOrName[]): WindowSpecBuilder {
    const orderBy = cols.map((c) =>
      c instanceof Column ? c.sortItem() : { expr: expr(c), direction: null, nulls: null },
    );
    return new WindowSpecBuilder({ ...this.spec, orderBy });
  }

  rowsBetween(start: number, end: number): WindowSpecBuilder {
    return this.frame('rows', start, end);
  }

  rangeBetween(start: number, end: number): WindowSpecBuilder {
    return this.frame('range', start, end);
  }

  private frame(type: WindowFrame['type'], start: number, end: number): WindowSpecBuilder {
    return new WindowSpecBuilder({ ...this.spec, frame: { type, start: bound(start), end: bound(end) } });
  }
}

function bound(n: number): WindowFrameBound {
  if (n === Number.NEGATIVE_INFINITY) return { type: 'unboundedPreceding', offset: null };
  if (n === Number.POSITIVE_INFINITY) return { type: 'unboundedFollowing', offset: null };
  if (n === 0) return { type: 'currentRow', offset: null };
  const offset = literal({ type: 'bigint', value: BigInt(Math.abs(n)) });
  return { type: n < 0 ? 'preceding' : 'following', offset };
}

const EMPTY: WindowSpec = {
  kind: 'windowSpec',
  baseWindow: null,
  partitionBy: [],
  orderBy: [],
  frame: null,
  span: NO_SPAN,
};

export const Window = {
  unboundedPreceding: Number.NEGATIVE_INFINITY,
  unboundedFollowing: Number.POSITIVE_INFINITY,
  currentRow: 0,
  partitionBy: (...cols: ColumnOrName[]): WindowSpecBuilder =>
    new WindowSpecBuilder(EMPTY).partitionBy(...cols),
  orderBy: (...cols: ColumnOrName[]): WindowSpecBuilder => new WindowSpecBuilder(EMPTY).orderBy(...cols),
  rowsBetween: (start: number, end: number): WindowSpecBuilder =>
    new WindowSpecBuilder(EMPTY).rowsBetween(start, end),
  rangeBetween: (start: number, end: number): WindowSpecBuilder =>
    new WindowSpecBuilder(EMPTY).rangeBetween(start, end),
} as const;
