/** Structural helpers over bound expressions: rewriting children, walking, and a structural identity key. */
import type { BoundExpr, SortOrder } from './bound-expression.js';

/** Rewrites an expression top-down: `f` returns a replacement, or undefined to recurse into the children. */
export function transformExpr(e: BoundExpr, f: (e: BoundExpr) => BoundExpr | undefined): BoundExpr {
  const replaced = f(e);
  if (replaced !== undefined) return replaced;
  const t = (x: BoundExpr) => transformExpr(x, f);
  const ts = (o: SortOrder): SortOrder => ({ ...o, expr: t(o.expr) });
  switch (e.kind) {
    case 'attributeRef':
    case 'outerRef':
    case 'literal':
    case 'lambdaVariable':
    case 'exists':
    case 'scalarSubquery':
      return e;
    case 'cast':
    case 'unary':
    case 'getField':
    case 'tryEval':
      return { ...e, child: t(e.child) } as BoundExpr;
    case 'subscript':
      return { ...e, child: t(e.child), index: t(e.index) };
    case 'binary':
      return { ...e, left: t(e.left), right: t(e.right) };
    case 'call':
    case 'grouping':
      return { ...e, args: e.args.map(t) } as BoundExpr;
    case 'aggregate':
      return {
        ...e,
        args: e.args.map(t),
        ...(e.filter ? { filter: t(e.filter) } : {}),
        ...(e.orderBy ? { orderBy: e.orderBy.map(ts) } : {}),
      };
    case 'window':
      return { ...e, function: t(e.function), partitionBy: e.partitionBy.map(t), orderBy: e.orderBy.map(ts) };
    case 'case':
      return {
        ...e,
        branches: e.branches.map((b) => ({ when: t(b.when), then: t(b.then) })),
        ...(e.otherwise ? { otherwise: t(e.otherwise) } : {}),
      };
    case 'isNull':
      return { ...e, child: t(e.child) };
    case 'inList':
      return { ...e, value: t(e.value), list: e.list.map(t) };
    case 'inSubquery':
      return { ...e, values: e.values.map(t) };
    case 'lambda':
      return { ...e, body: t(e.body) };
    default: {
      const never: never = e;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** Visits every sub-expression (not into subquery plans). */
export function someExpr(e: BoundExpr, p: (e: BoundExpr) => boolean): boolean {
  let found = false;
  transformExpr(e, (x) => {
    if (found) return x;
    if (p(x)) {
      found = true;
      return x;
    }
    return undefined;
  });
  return found;
}

/** A key equal for structurally equal expressions (attributes by id), for matching GROUP BY expressions. */
export function exprKey(e: BoundExpr): string {
  return JSON.stringify(e, (k, v) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (v instanceof Uint8Array) return [...v];
    if (k === 'attr' && v && typeof v === 'object') return `#${(v as { id: number }).id}`;
    if (k === 'plan') return undefined;
    return v;
  });
}
