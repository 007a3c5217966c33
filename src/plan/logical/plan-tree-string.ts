/**
 * The analyzed plan as text, in the shape of Spark's TreeNode.treeString (what EXPLAIN EXTENDED prints):
 * one node a line, children below `+- ` / `:- `, subqueries of a node's expressions below `:  +- `. And the
 * two parts of EXPLAIN FORMATTED: an outline of numbered nodes, then each node's details (Spark's
 * ExplainUtils numbers operators children first).
 */
import { sqlTypeName } from '../../types/data-types.js';
import type { Attribute } from './attribute.js';
import type { BoundExpr } from './bound-expression.js';
import {
  attributeString,
  expressionString,
  type LiteralText,
  plainLiteral,
  sortOrderString,
} from './expression-string.js';
import { transformExpr } from './expression-walk.js';
import type { LogicalPlan } from './logical-plan.js';
import { childPlans, nodeExpressions } from './plan-walk.js';

export interface PlanTextOptions {
  readonly literal?: LiteralText;
  /** Extra detail lines of a relation node in EXPLAIN FORMATTED (the scan's pushed filters and files). */
  readonly relationDetails?: (relation: LogicalPlan) => readonly string[];
  /** Text after a relation's line in the tree (EXPLAIN COST's `Statistics(…)`). */
  readonly relationSuffix?: (relation: LogicalPlan) => string;
}

export function planTreeString(plan: LogicalPlan, options: PlanTextOptions = {}): string {
  const literal = options.literal ?? plainLiteral;
  const lines: string[] = [];
  const render = (node: LogicalPlan, last: readonly boolean[]) => {
    const suffix = node.kind === 'relation' ? (options.relationSuffix?.(node) ?? '') : '';
    lines.push(`${prefix(last)}${nodeString(node, literal)}${suffix}`);
    const children = childPlans(node);
    const inner = subqueries(node);
    inner.forEach((q, i) => {
      render(q, [...last, children.length === 0, i === inner.length - 1]);
    });
    children.forEach((c, i) => {
      render(c, [...last, i === children.length - 1]);
    });
  };
  render(plan, []);
  return `${lines.join('\n')}\n`;
}

/** EXPLAIN FORMATTED: the outline with each node's number, a blank line, then every node's details. */
export function planFormattedString(plan: LogicalPlan, options: PlanTextOptions = {}): string {
  const literal = options.literal ?? plainLiteral;
  const numbers = new Map<LogicalPlan, number>();
  const number = (node: LogicalPlan) => {
    for (const q of subqueries(node)) number(q);
    for (const c of childPlans(node)) number(c);
    if (!numbers.has(node)) numbers.set(node, numbers.size + 1);
  };
  number(plan);
  const outline: string[] = [];
  const render = (node: LogicalPlan, last: readonly boolean[]) => {
    outline.push(`${prefix(last)}${nodeName(node)} (${numbers.get(node)})`);
    const children = childPlans(node);
    const inner = subqueries(node);
    inner.forEach((q, i) => {
      render(q, [...last, children.length === 0, i === inner.length - 1]);
    });
    children.forEach((c, i) => {
      render(c, [...last, i === children.length - 1]);
    });
  };
  render(plan, []);
  const details = [...numbers].map(([node, n]) => {
    const lines = [`(${n}) ${nodeName(node)}`, ...nodeDetails(node, literal)];
    if (node.kind === 'relation') lines.push(...(options.relationDetails?.(node) ?? []));
    return lines.join('\n');
  });
  return `${outline.join('\n')}\n\n\n${details.join('\n\n')}\n`;
}

/** `name: type, …`: the header line Spark prints above the analyzed plan. */
export function outputSchemaString(output: readonly Attribute[]): string {
  // Spark's simpleString (bigint, decimal(10,2), array<int>), as DESCRIBE prints it.
  return output.map((a) => `${a.name}: ${sqlTypeName(a.type)}`).join(', ');
}

function prefix(last: readonly boolean[]): string {
  if (last.length === 0) return '';
  const above = last
    .slice(0, -1)
    .map((l) => (l ? '   ' : ':  '))
    .join('');
  return `${above}${last[last.length - 1] ? '+- ' : ':- '}`;
}

/** The plans of the subqueries in a node's own expressions (not those nested inside them). */
function subqueries(node: LogicalPlan): LogicalPlan[] {
  const out: LogicalPlan[] = [];
  for (const e of nodeExpressions(node)) {
    transformExpr(e, (x) => {
      if (x.kind === 'exists' || x.kind === 'scalarSubquery' || x.kind === 'inSubquery') {
        out.push(x.plan);
        return x;
      }
      return undefined;
    });
  }
  return out;
}

const attrs = (as: readonly Attribute[]) => as.map(attributeString).join(', ');

function nodeName(node: LogicalPlan): string {
  switch (node.kind) {
    case 'relation':
      return node.source.kind === 'delta' ? `Relation ${node.source.tableName}` : 'EngineRelation';
    case 'values':
      return 'LocalRelation';
    case 'oneRow':
      return 'OneRowRelation';
    case 'setOperation':
      return `${node.op.charAt(0).toUpperCase()}${node.op.slice(1)}${node.all ? ' All' : ''}`;
    case 'limit':
      return node.limit ? 'Limit' : 'Offset';
    default:
      return `${node.kind.charAt(0).toUpperCase()}${node.kind.slice(1)}`;
  }
}

function nodeString(node: LogicalPlan, literal: LiteralText): string {
  const s = (e: BoundExpr) => expressionString(e, literal);
  switch (node.kind) {
    case 'relation':
      return node.source.kind === 'delta'
        ? `Relation ${node.source.tableName}[${attrs(node.output)}] delta`
        : `EngineRelation [${attrs(node.output)}]`;
    case 'values':
      return `LocalRelation [${attrs(node.output)}], ${node.rows.length} row${node.rows.length === 1 ? '' : 's'}`;
    case 'oneRow':
      return 'OneRowRelation';
    case 'project':
      return `Project [${node.list.map((n) => named(n.expr, n.attr, literal)).join(', ')}]`;
    case 'filter':
      return `Filter ${s(node.condition)}`;
    case 'aggregate':
      return `Aggregate [${node.groupBy.map(s).join(', ')}], [${node.aggregates.map((n) => named(n.expr, n.attr, literal)).join(', ')}]`;
    case 'window':
      return `Window [${node.windows.map((n) => named(n.expr, n.attr, literal)).join(', ')}]`;
    case 'join':
      return `Join ${joinTypeName(node.joinType)}${node.condition ? `, ${s(node.condition)}` : ''}`;
    case 'sort':
      return `Sort [${node.orders.map((o) => sortOrderString(o, literal)).join(', ')}]`;
    case 'limit': {
      const parts = [
        node.limit ? `Limit ${s(node.limit)}` : '',
        node.offset ? `Offset ${s(node.offset)}` : '',
      ];
      return parts.filter((p) => p !== '').join(', ');
    }
    case 'distinct':
      return 'Distinct';
    case 'sample':
      return `Sample ${node.fraction}${node.seed === null ? '' : `, ${node.seed}`}`;
    case 'cteRef':
      return `CTERelationRef ${node.id}, [${attrs(node.output)}]`;
    case 'setOperation':
      return nodeName(node);
    case 'generate':
      return `Generate ${s(node.generator)}, ${node.outer ? 'outer' : 'false'}, [${attrs(node.generatorOutput)}]`;
    default:
      return node satisfies never;
  }
}

function nodeDetails(node: LogicalPlan, literal: LiteralText): string[] {
  const s = (e: BoundExpr) => expressionString(e, literal);
  const out = [`Output [${node.output.length}]: [${attrs(node.output)}]`];
  const input = childPlans(node).flatMap((c) => c.output);
  if (input.length > 0) out.push(`Input [${input.length}]: [${attrs(input)}]`);
  switch (node.kind) {
    case 'filter':
      out.push(`Condition : ${s(node.condition)}`);
      break;
    case 'project':
      out.push(
        `Expressions [${node.list.length}]: [${node.list.map((n) => named(n.expr, n.attr, literal)).join(', ')}]`,
      );
      break;
    case 'aggregate':
      out.push(`Keys [${node.groupBy.length}]: [${node.groupBy.map(s).join(', ')}]`);
      out.push(
        `Functions [${node.aggregates.length}]: [${node.aggregates.map((n) => named(n.expr, n.attr, literal)).join(', ')}]`,
      );
      break;
    case 'join':
      out.push(
        `Join type: ${joinTypeName(node.joinType)}`,
        `Join condition: ${node.condition ? s(node.condition) : 'None'}`,
      );
      break;
    case 'sort':
      out.push(`Arguments: [${node.orders.map((o) => sortOrderString(o, literal)).join(', ')}]`);
      break;
    case 'window':
      out.push(`Arguments: [${node.windows.map((n) => named(n.expr, n.attr, literal)).join(', ')}]`);
      break;
    case 'limit':
    case 'sample':
    case 'generate':
    case 'values':
      out.push(`Arguments: ${nodeString(node, literal).replace(/^\w+ ?/, '')}`);
      break;
    default:
      break;
  }
  return out;
}

/** `expr AS name#id`, or just the attribute when the item passes a column through unchanged. */
function named(expr: BoundExpr, attr: Attribute, literal: LiteralText): string {
  if (expr.kind === 'attributeRef' && expr.attr.id === attr.id) return attributeString(attr);
  return `${expressionString(expr, literal)} AS ${attributeString(attr)}`;
}

function joinTypeName(t: string): string {
  const names: Record<string, string> = {
    inner: 'Inner',
    left: 'LeftOuter',
    right: 'RightOuter',
    full: 'FullOuter',
    cross: 'Cross',
    semi: 'LeftSemi',
    anti: 'LeftAnti',
  };
  return names[t] ?? t;
}
