/**
 * Generators (explode, posexplode, inline …): in a select list or a LATERAL VIEW they add a Generate node
 * that joins each input row with the rows the generator produces (Spark's Generate). The `_outer` spellings
 * keep input rows whose collection is NULL or empty, with NULL outputs.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression, FunctionCall } from '../../sql/ast/expressions.js';
import { lookupFunction } from '../functions/registry.js';
import type { Attribute } from '../logical/attribute.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import type { LogicalPlan } from '../logical/logical-plan.js';
import type { ExpressionEnv } from './expression-env.js';
import { analyzeExpression } from './expressions.js';

export interface GeneratorCall {
  readonly call: FunctionCall;
  /** `AS x` or `AS (a, b)`: the output column names given. */
  readonly names: readonly string[] | null;
  /** LATERAL VIEW OUTER: keep input rows that generate nothing (for generators with no `_outer` spelling). */
  readonly outer?: boolean;
}

/** The generator call in a select item (possibly aliased), or undefined when the item is not a generator. */
export function asGenerator(item: Expression): GeneratorCall | undefined {
  let e = item;
  let names: string[] | null = null;
  if (e.kind === 'alias') {
    names = [e.name];
    e = e.expr;
  } else if (e.kind === 'multiAlias') {
    names = [...e.names];
    e = e.expr;
  }
  if (e.kind !== 'function' || e.over) return undefined;
  const sig = lookupFunction(e.name.join('.').toLowerCase());
  return sig?.kind === 'generator' ? { call: e, names } : undefined;
}

export async function generate(
  child: LogicalPlan,
  g: GeneratorCall,
  env: ExpressionEnv,
  qualifier: readonly string[],
): Promise<{ plan: LogicalPlan; output: Attribute[] }> {
  const written = g.call.name.join('.').toLowerCase();
  const generator: BoundExpr = await analyzeExpression(g.call, {
    ...env,
    allowAggregates: false,
    allowWindows: false,
  });
  if (generator.kind !== 'call' || generator.type.kind !== 'struct') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `the generator ${written}` });
  }
  const fields = generator.type.fields;
  if (g.names && g.names.length !== fields.length) {
    throw new LakesqlError('UDTF_ALIAS_NUMBER_MISMATCH', {
      aliasesSize: g.names.length,
      aliasesNames: g.names.join(', '),
    });
  }
  const output = fields.map((f, i) =>
    env.ctx.ids.fresh(
      g.names?.[i] ?? f.name,
      f.type,
      true,
      qualifier.map((q) => q.toLowerCase()),
    ),
  );
  const plan: LogicalPlan = {
    kind: 'generate',
    child,
    generator,
    outer: g.outer === true || written.endsWith('_outer'),
    generatorOutput: output,
    output: [...child.output, ...output],
  };
  return { plan, output };
}
