/**
 * `VERSION AS OF v` / `TIMESTAMP AS OF expr` folded to the snapshot to read, as Spark's TimeTravelSpec.create
 * does: the timestamp may be any constant expression (`current_timestamp() - INTERVAL 1 DAY`,
 * `date_sub(current_date(), 1)`, a scalar subquery, a string) whose type casts to TIMESTAMP under ANSI rules
 * (INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.INPUT otherwise) and that is deterministic (.NON_DETERMINISTIC); it is
 * evaluated once, cast to TIMESTAMP without ANSI, and a NULL result is .INPUT again (.OPTION for the
 * reader's `timestampAsOf`). SELECT, RESTORE, CLONE and the DataFrame reader all come here.
 * https://github.com/apache/spark/blob/master/sql/catalyst/src/main/scala/org/apache/spark/sql/catalyst/analysis/TimeTravelSpec.scala
 */
import { LakesqlError } from '../../errors/index.js';
import type { TimeTravel } from '../../sql/ast/query.js';
import { TimestampType } from '../../types/data-types.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { someExpr } from '../logical/expression-walk.js';
import { canAnsiCast } from '../types/cast-rules.js';
import { NONDETERMINISTIC } from './aggregate-filter.js';
import type { TimeTravelSpec } from './analyzer-context.js';
import type { ExpressionEnv } from './expression-env.js';
import { analyzeExpression } from './expressions.js';
import { prettySql } from './pretty-sql.js';

export async function resolveTimeTravel(t: TimeTravel, env: ExpressionEnv): Promise<TimeTravelSpec> {
  if (t.kind === 'version') return { version: await constantVersion(t, env) };
  const expr = await analyzeExpression(t.timestamp, env);
  const exprText = `"${prettySql(t.timestamp)}"`;
  if (!canAnsiCast(typeOf(expr), TimestampType)) {
    throw new LakesqlError('INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.INPUT', { expr: exprText });
  }
  if (someExpr(expr, (x) => (x.kind === 'call' || x.kind === 'aggregate') && NONDETERMINISTIC.has(x.name))) {
    throw new LakesqlError('INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.NON_DETERMINISTIC', { expr: exprText });
  }
  const asTimestamp: BoundExpr = { kind: 'cast', child: expr, type: TimestampType, mode: 'try' };
  const micros = await evaluate(asTimestamp, env);
  if (typeof micros !== 'bigint') {
    const errorClass = t.fromOption
      ? 'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.OPTION'
      : 'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.INPUT';
    throw new LakesqlError(errorClass, { expr: exprText });
  }
  return { timestamp: new Date(Number(micros / 1000n)).toISOString() };
}

/** A version is a literal number or string (the grammar allows nothing else) holding an integer. */
async function constantVersion(
  t: Extract<TimeTravel, { kind: 'version' }>,
  env: ExpressionEnv,
): Promise<number> {
  const expr = await analyzeExpression(t.version, env);
  const lit = expr.kind === 'cast' ? expr.child : expr;
  if (lit.kind !== 'literal') throw new LakesqlError('INVALID_TIME_TRAVEL_SPEC', {} as never);
  const version = Number(lit.value);
  if (!Number.isInteger(version)) throw new LakesqlError('INVALID_TIME_TRAVEL_SPEC', {} as never);
  return version;
}

/** The value of a constant expression: folded here when a literal, else by the engine once. */
async function evaluate(expr: BoundExpr, env: ExpressionEnv): Promise<unknown> {
  const evaluator = env.ctx.relations.evaluateConstant;
  if (!evaluator) throw new LakesqlError('INVALID_TIME_TRAVEL_SPEC', {} as never);
  return evaluator.call(env.ctx.relations, expr, env.ctx.semantics);
}
