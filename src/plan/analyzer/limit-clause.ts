/**
 * The value of LIMIT, OFFSET and TABLESAMPLE (n ROWS), checked as Spark's CheckAnalysis.checkLimitLikeClause
 * does: a foldable expression (columns of the query resolve, then fail as unfoldable) of type INT, whose value
 * is neither NULL nor negative. Spark folds it at analysis; here a non-literal is evaluated once by the engine.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { IntegerType } from '../../types/data-types.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { sameType } from '../types/type-classes.js';
import { toSqlType } from '../types/type-sql.js';
import type { ExpressionEnv } from './expression-env.js';
import { analyzeExpression, isFoldable } from './expressions.js';
import { prettySql } from './pretty-sql.js';

export async function limitLikeValue(
  source: Expression,
  env: ExpressionEnv,
  name: string,
): Promise<BoundExpr> {
  const e = await analyzeExpression(source, env);
  const expr = `"${prettySql(source)}"`;
  if (!isFoldable(e)) throw new LakesqlError('INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE', { expr, name });
  const type = typeOf(e);
  if (!sameType(type, IntegerType)) {
    throw new LakesqlError('INVALID_LIMIT_LIKE_EXPRESSION.DATA_TYPE', {
      expr,
      name,
      dataType: toSqlType(type),
    });
  }
  const value = await constantValue(e, env);
  if (value === null) throw new LakesqlError('INVALID_LIMIT_LIKE_EXPRESSION.IS_NULL', { expr, name });
  if (value === undefined) return e;
  if (value < 0)
    throw new LakesqlError('INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE', { expr, name, v: value });
  return { kind: 'literal', value, type: IntegerType };
}

/** The folded number, null for NULL, undefined when no engine can fold it (then the engine runs it later). */
async function constantValue(e: BoundExpr, env: ExpressionEnv): Promise<number | null | undefined> {
  if (e.kind === 'literal') return e.value === null ? null : Number(e.value as number | bigint);
  const evaluator = env.ctx.relations.evaluateConstant;
  if (!evaluator) return undefined;
  const v = await evaluator.call(env.ctx.relations, e, env.ctx.semantics);
  return v === null || v === undefined ? null : Number(v as number | bigint);
}
