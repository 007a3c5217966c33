/**
 * The rules a select standing for a SQL pipe operator adds to SELECT's (Spark's PipeOperators and
 * AstBuilder.visitOperatorPipeStatement): `|> SELECT` and `|> EXTEND` refuse aggregate functions,
 * `|> SET c = e` replaces column c where it stands, and each `|> AGGREGATE` expression must aggregate.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { PipeClause, Select } from '../../sql/ast/query.js';
import type { Attribute } from '../logical/attribute.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import { containsAggregate } from './aggregation.js';
import { prettySql } from './pretty-sql.js';
import type { Scope } from './scope.js';

interface Item {
  readonly expr: BoundExpr;
  readonly name: string;
  readonly ast: Expression;
}

/** `|> SET c = e, …`: each assigned column keeps its place and name and takes the new value. */
export async function applyPipeSet(
  pipe: PipeClause | undefined,
  items: Item[],
  scope: Scope,
  analyze: (e: Expression) => Promise<BoundExpr>,
): Promise<void> {
  if (pipe?.kind !== 'set') return;
  for (const { column, value } of pipe.assignments) {
    const target = scope.resolve(column);
    const index = items.findIndex((i) => i.expr.kind === 'attributeRef' && i.expr.attr.id === target.attr.id);
    if (index < 0)
      throw new LakesqlError('UNRESOLVED_COLUMN.WITHOUT_SUGGESTION', { objectName: column.join('.') });
    items[index] = { expr: await analyze(value), name: target.attr.name, ast: value };
  }
}

/** Refuses what the operator does not allow, once its items are analyzed. */
export function checkPipeItems(pipe: PipeClause | undefined, items: readonly Item[]): void {
  if (!pipe) return;
  if (pipe.kind === 'select' || pipe.kind === 'extend') {
    const aggregated = items.find((i) => containsAggregate(i.expr));
    if (aggregated) {
      throw new LakesqlError('PIPE_OPERATOR_CONTAINS_AGGREGATE_FUNCTION', {
        expr: prettySql(aggregated.ast),
        clause: pipe.kind === 'select' ? 'SELECT' : 'EXTEND',
      });
    }
  }
  if (pipe.kind === 'aggregate') {
    const plain = items.slice(pipe.groupingCount).find((i) => !containsAggregate(i.expr));
    if (plain) {
      throw new LakesqlError('PIPE_OPERATOR_AGGREGATE_EXPRESSION_CONTAINS_NO_AGGREGATE_FUNCTION', {
        expr: prettySql(plain.ast),
      });
    }
  }
}

/**
 * `|> AGGREGATE … GROUP BY 2`: an ordinal names a column of the operator's input (not of its output, as in
 * SELECT's GROUP BY), so it becomes a reference to that column before the select is analyzed.
 */
export function pipeAggregateOrdinals(s: Select, input: readonly Attribute[]): Select {
  const pipe = s.pipe;
  if (pipe?.kind !== 'aggregate' || !s.groupBy) return s;
  const visible = input.filter((a) => !a.hidden);
  const toColumn = (e: Expression): Expression => {
    const inner = e.kind === 'alias' ? e.expr : e;
    if (inner.kind !== 'literal' || inner.value.type !== 'int') return e;
    const n = Number(inner.value.value);
    const attr = visible[n - 1];
    if (!attr) throw new LakesqlError('GROUP_BY_POS_OUT_OF_RANGE', { index: n, size: visible.length });
    const column: Expression = {
      kind: 'column',
      nameParts: [...attr.qualifier, attr.name],
      span: inner.span,
    };
    return e.kind === 'alias' ? { ...e, expr: column } : column;
  };
  return {
    ...s,
    items: s.items.map((e, i) => (i < pipe.groupingCount ? toColumn(e) : e)),
    groupBy: {
      ...s.groupBy,
      elements: s.groupBy.elements.map((el) =>
        el.kind === 'expression' ? { ...el, expr: toColumn(el.expr) } : el,
      ),
    },
  };
}
