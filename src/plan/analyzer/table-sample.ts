/**
 * TABLESAMPLE on a table or subquery, as Spark's AstBuilder.withSample plans it: `n ROWS` is a LIMIT n over
 * the relation, `x PERCENT` a Sample of fraction x / 100 and `BUCKET x OUT OF y` a Sample of fraction x / y
 * (the parser has refused fractions outside [0, 1]). Without REPEATABLE the seed is drawn afresh per run.
 */
import type { TableSample } from '../../sql/ast/query.js';
import type { LogicalPlan } from '../logical/logical-plan.js';
import { limitLikeValue } from './limit-clause.js';
import type { QueryEnv } from './query-env.js';
import { constantEnv } from './relations.js';

export async function applyTableSample(
  plan: LogicalPlan,
  sample: TableSample | null,
  env: QueryEnv,
): Promise<LogicalPlan> {
  if (!sample) return plan;
  switch (sample.kind) {
    case 'rows': {
      const limit = await limitLikeValue(sample.rows, constantEnv(env), 'limit');
      return { kind: 'limit', child: plan, limit, output: plan.output };
    }
    case 'percent':
      return {
        kind: 'sample',
        child: plan,
        fraction: sample.percent / 100,
        seed: sample.seed,
        output: plan.output,
      };
    case 'bucket':
      return {
        kind: 'sample',
        child: plan,
        fraction: sample.numerator / sample.denominator,
        seed: sample.seed,
        output: plan.output,
      };
    default: {
      const never: never = sample;
      throw new Error(`unknown sample ${JSON.stringify(never)}`);
    }
  }
}
