/**
 * Expression analysis (Spark's ResolveReferences, ResolveFunctions, TypeCoercion rules): AST expressions to
 * bound, typed expressions. Implicit casts are inserted here, marked implicit so that generated column names
 * hide them as Spark's do.
 */

import { LakesqlError } from '../../errors/index.js';
import type { Expression, FunctionCall, JsonPathStep, WindowFrameBound } from '../../sql/ast/expressions.js';
import { trimFunctionSide } from '../../sql/ast/node-builders.js';
import type { SortItem } from '../../sql/ast/query.js';
import {
  BooleanType,
  ByteType,
  type DataType,
  IntegerType,
  LongType,
  StringType,
  sqlTypeName,
} from '../../types/data-types.js';
import { METADATA_COLUMN } from '../../types/file-metadata.js';
import type { ScalarValue } from '../../types/scalar.js';
import type { ArgInfo, FunctionSignature } from '../functions/function-signature.js';
import { lookupFunction } from '../functions/registry.js';
import { isVariant } from '../functions/variant-functions.js';
import type { Attribute } from '../logical/attribute.js';
import { type BoundExpr, type FrameBound, type SortOrder, typeOf } from '../logical/bound-expression.js';
import type { LogicalPlan, NamedExpr } from '../logical/logical-plan.js';
import { outerReferences } from '../logical/plan-walk.js';
import { type BinaryOperator, resolveBinaryOperator } from '../types/binary-operator.js';
import { checkCast } from '../types/cast-rules.js';
import { containsVariant } from '../types/type-classes.js';
import { findWiderCommonType } from '../types/type-coercion.js';
import { toSqlType } from '../types/type-sql.js';
import { resolveUnaryOperator } from '../types/unary-operator.js';
import { checkAggregateFilter } from './aggregate-filter.js';
import { namedParametersOf } from './builtin-named-parameters.js';
import { castAliasType } from './cast-aliases.js';
import { castTo, sameDataType } from './casts.js';
import { padCharComparison } from './char-padding.js';
import { nameCollatedLiterals } from './collated-literal-names.js';
import {
  COLLATION_COERCED_FUNCTIONS,
  COLLATION_PRESERVING_FUNCTIONS,
  type CollatedArgs,
  checkAccentSensitiveArgs,
  collate,
  collateToSingleType,
  failOnIndeterminateInput,
  innerCollation,
  resultWithCollation,
  withoutCollation,
} from './collation-coercion.js';
import { datetimeOperatorSql } from './datetime-operator-names.js';
import { withDefaultStringType } from './default-collation.js';
import type { ExpressionEnv } from './expression-env.js';
import { checkInSubqueryInputs } from './in-subquery-checks.js';
import { intervalExpr } from './intervals.js';
import { legacyExistsCountHandling } from './legacy-exists-count.js';
import { literalExpr, timestampLiteralSql } from './literals.js';
import { withNullTreatment } from './null-treatment.js';
import {
  prettySql,
  resolvedCallNames,
  resolvedColumnNames,
  resolvedLiteralFunctions,
  resolvedLiteralSql,
  resolvedWindowSpecs,
  windowSpecSql,
} from './pretty-sql.js';
import { unresolvedColumn } from './scope.js';
import { bindArguments } from './sql-function-arguments.js';
import { analyzeSqlFunctionCall, resolveFunctionParameter } from './sql-function-call.js';
import { expandStarArguments, hasStar } from './star-arguments.js';
import { checkSubqueryCorrelation } from './subquery-correlation-checks.js';
import { analyzeUserFunctionCall } from './user-function.js';
import { variableReferenceName } from './variable-reference-name.js';
import { checkOrderedSetWindow, orderedSetArguments } from './within-group.js';

export async function analyzeExpression(e: Expression, env: ExpressionEnv): Promise<BoundExpr> {
  switch (e.kind) {
    case 'literal': {
      const bound = literalExpr(e.value, env.ctx.semantics.timeZone, env.ctx.semantics.timestampNtz);
      const sql = timestampLiteralSql(bound, env.ctx.semantics.timeZone);
      if (sql !== undefined) resolvedLiteralSql.set(e, sql);
      const type = withDefaultStringType(bound.type, env.ctx);
      if (type === bound.type) return bound;
      const collated = { ...bound, type };
      nameCollatedLiterals([e], [collated]);
      return collated;
    }
    case 'interval':
      return intervalExpr(e.value);
    case 'column': {
      const literalFunction = literalFunctionName(e.nameParts, env);
      if (literalFunction !== undefined) {
        // Spark's LiteralFunctionResolution: `current_user` & co without parentheses, unless a column has
        // that name; named `current_user()`.
        const pretty = `${lookupFunction(literalFunction)?.name ?? literalFunction}()`;
        resolvedColumnNames.set(e, pretty);
        resolvedLiteralFunctions.set(e, pretty);
        return callFunction(literalFunction, [], env, pretty);
      }
      const bound = resolveColumn(e.nameParts, env);
      resolvedColumnNames.set(e, variableNames.get(bound) ?? columnDisplayName(e.nameParts, bound));
      return bound;
    }
    case 'star':
      throw new LakesqlError('INVALID_USAGE_OF_STAR_OR_REGEX', { elem: "'*'", prettyName: 'expression' });
    case 'unary': {
      const child = await analyzeExpression(e.operand, env);
      const op = e.op === 'NOT' ? 'not' : e.op;
      // Spark's toSQLExpr: error parameters quote the expressions they name.
      const r = resolveUnaryOperator(op, typeOf(child), {
        sqlExpr: `"${prettySql(e)}"`,
        operandSql: `"${prettySql(e.operand)}"`,
      });
      return { kind: 'unary', op, child: castTo(child, r.operandCast, env), type: r.resultType };
    }
    case 'binary': {
      const [left, right] = padCharComparison(
        e.op,
        await analyzeExpression(e.left, env),
        await analyzeExpression(e.right, env),
        env.ctx.conf,
      );
      const operands = [prettySql(e.left), prettySql(e.right)] as const;
      const rewritten = datetimeOperatorSql(e.op, typeOf(left), typeOf(right), ...operands);
      if (rewritten !== undefined) resolvedCallNames.set(e, rewritten);
      const node = binary(e.op, left, right, env, prettySql(e), operands);
      if (node.kind === 'binary') nameCollatedLiterals([e.left, e.right], [node.left, node.right]);
      return node;
    }
    case 'between': {
      // Spark 4 rewrites BETWEEN to `low <= value AND value <= high` over the same value.
      const value = await analyzeExpression(e.value, env);
      const low = await analyzeExpression(e.low, env);
      const high = await analyzeExpression(e.high, env);
      const sql = prettySql(e);
      const both = binary(
        'AND',
        binary('>=', value, low, env, sql),
        binary('<=', value, high, env, sql),
        env,
        sql,
      );
      return e.negated ? not(both) : both;
    }
    case 'inList': {
      if (hasStar(e.list)) {
        const expanded = { ...e, list: expandStarArguments(e.list, env.scope) };
        const bound = await analyzeExpression(expanded, env);
        resolvedCallNames.set(e, prettySql(expanded));
        return bound;
      }
      const [value, ...list] = collateToSingleType(
        'in',
        [
          await analyzeExpression(e.value, env),
          ...(await Promise.all(e.list.map((x) => analyzeExpression(x, env)))),
        ],
        prettySql(e),
      ).args as [BoundExpr, ...BoundExpr[]];
      const common = findWiderCommonType(
        [typeOf(value), ...list.map(typeOf)].map(withoutCollation),
        env.ctx.semantics,
      );
      if (!common) {
        throw new LakesqlError('DATATYPE_MISMATCH.DATA_DIFF_TYPES', {
          sqlExpr: `"${prettySql(e)}"`,
          functionName: '`in`',
          dataType: `[${[value, ...list].map((x) => `"${sqlTypeName(typeOf(x)).toUpperCase()}"`).join(', ')}]`,
        });
      }
      return {
        kind: 'inList',
        value: castTo(value, common, env),
        list: list.map((x) => castTo(x, common, env)),
        negated: e.negated,
      };
    }
    case 'inSubquery': {
      const analyzed = await env.analyzeSubquery(e.query, env.scope);
      checkSubqueryCorrelation(analyzed);
      const plan = legacyExistsCountHandling(analyzed, env.ctx.conf);
      const values = await Promise.all(e.values.map((v) => analyzeExpression(v, env)));
      const commonType = (l: DataType, r: DataType) => findWiderCommonType([l, r], env.ctx.semantics);
      checkInSubqueryInputs(
        values.map((v, i) => ({
          sql: prettySql(e.values[i]!),
          type: typeOf(v),
          qualifiedName:
            v.kind === 'attributeRef'
              ? [v.attr.qualifier.at(-1), v.attr.name].filter(Boolean).join('.')
              : prettySql(e.values[i]!),
        })),
        plan.output,
        commonType,
        prettySql(e),
      );
      const types = values.map((v, i) => commonType(typeOf(v), plan.output[i]!.type)!);
      const cast = values.map((v, i) => castTo(v, types[i]!, env));
      // Spark names the subquery after the outer columns it reads: `(c1 IN (listquery(c1)))`.
      const value =
        e.values.length === 1
          ? prettySql(e.values[0]!)
          : `named_struct(${e.values.map(prettySql).join(', ')})`;
      const listQuery = `(${value} IN (listquery(${outerReferences(plan)
        .map((a) => a.name)
        .join(', ')})))`;
      resolvedCallNames.set(e, e.negated ? `(NOT ${listQuery})` : listQuery);
      return {
        kind: 'inSubquery',
        values: cast,
        plan: withColumnTypes(plan, types, env),
        negated: e.negated,
      };
    }
    case 'like':
    case 'rlike':
    case 'likeQuantified':
      return analyzeLike(e, env);
    case 'isNull':
      return { kind: 'isNull', child: await analyzeExpression(e.value, env), negated: e.negated };
    case 'isBoolean': {
      const v = castTo(await analyzeExpression(e.value, env), BooleanType, env);
      const truth: BoundExpr =
        e.truth === null
          ? { kind: 'isNull', child: v, negated: false }
          : binary('<=>', v, { kind: 'literal', value: e.truth, type: BooleanType }, env, prettySql(e));
      return e.negated ? not(truth) : truth;
    }
    case 'isDistinctFrom': {
      const eq = binary(
        '<=>',
        await analyzeExpression(e.left, env),
        await analyzeExpression(e.right, env),
        env,
        prettySql(e),
      );
      return e.negated ? eq : not(eq);
    }
    case 'function': {
      const written = e.name.join('.').toLowerCase();
      const trim = trimCall(e);
      if (trim) {
        resolvedCallNames.set(e, prettySql(trim));
        return analyzeExpression(trim, env);
      }
      if (!hasStar(e.args) || (written === 'count' && e.args.length === 1 && isPlainStar(e.args[0]!)))
        return analyzeFunction(e, env);
      const expanded = { ...e, args: expandStarArguments(e.args, env.scope) };
      const bound = await analyzeFunction(expanded, env);
      resolvedCallNames.set(e, prettySql(expanded));
      return bound;
    }
    case 'case':
      return analyzeCase(e, env);
    case 'cast': {
      const child = await analyzeExpression(e.value, env);
      const mode = e.try ? 'try' : env.ctx.semantics.ansi ? 'ansi' : 'legacy';
      // Casts between types Spark cannot convert fail at analysis (DATATYPE_MISMATCH.CAST_*).
      checkCast(typeOf(child), e.dataType, mode, `"${prettySql(e)}"`);
      return { kind: 'cast', child, type: withDefaultStringType(e.dataType, env.ctx), mode };
    }
    case 'collate':
      return collate(await analyzeExpression(e.value, env), e.collation, prettySql(e), prettySql(e.value));
    case 'extract':
      return analyzeFunction(
        {
          kind: 'function',
          name: ['date_part'],
          args: [{ kind: 'literal', value: { type: 'string', value: e.field }, span: e.span }, e.source],
          distinct: false,
          withinGroup: [],
          filter: null,
          nullTreatment: null,
          over: null,
          span: e.span,
        },
        env,
      );
    case 'trim': {
      const name = e.side === 'BOTH' ? 'trim' : e.side === 'LEADING' ? 'ltrim' : 'rtrim';
      const args = e.trimChars ? [e.source, e.trimChars] : [e.source];
      return analyzeFunction(
        {
          kind: 'function',
          name: [name],
          args,
          distinct: false,
          withinGroup: [],
          filter: null,
          nullTreatment: null,
          over: null,
          span: e.span,
        },
        env,
      );
    }
    case 'scalarSubquery': {
      const plan = await env.analyzeSubquery(e.query, env.scope);
      checkSubqueryCorrelation(plan);
      if (plan.output.length !== 1) {
        throw new LakesqlError(
          'INVALID_SUBQUERY_EXPRESSION.SCALAR_SUBQUERY_RETURN_MORE_THAN_ONE_OUTPUT_COLUMN',
          {
            number: plan.output.length,
          },
        );
      }
      resolvedCallNames.set(
        e,
        `scalarsubquery(${outerReferences(plan)
          .map((a) => a.name)
          .join(', ')})`,
      );
      return { kind: 'scalarSubquery', plan, type: plan.output[0]!.type };
    }
    case 'exists': {
      const analyzed = await env.analyzeSubquery(e.query, env.scope);
      checkSubqueryCorrelation(analyzed);
      const plan = legacyExistsCountHandling(analyzed, env.ctx.conf);
      resolvedCallNames.set(
        e,
        `exists(${outerReferences(plan)
          .map((a) => a.name)
          .join(', ')})`,
      );
      return { kind: 'exists', plan, negated: false };
    }
    case 'subscript':
      return subscript(
        await analyzeExpression(e.base, env),
        await analyzeExpression(e.index, env),
        env,
        prettySql(e),
      );
    case 'fieldAccess':
      return extractField(await analyzeExpression(e.base, env), e.field, env);
    case 'jsonPath': {
      const base = await analyzeExpression(e.base, env);
      if (isVariant(typeOf(base))) {
        // On a VARIANT, `v:a.b[0]` is variant_get(v, '$.a.b[0]'): a VARIANT again, NULL where the path finds
        // nothing (`v:a::int` then casts it).
        const path: BoundExpr = { kind: 'literal', value: variantPath(e.steps), type: StringType };
        return callFunction('variant_get', [base, path], env, prettySql(e));
      }
      // Databricks' `raw:a.b` is get_json_object(raw, '$.a.b'), named (and named in errors) as written.
      const call: FunctionCall = {
        kind: 'function',
        name: ['get_json_object'],
        args: [
          e.base,
          { kind: 'literal', value: { type: 'string', value: sparkJsonPath(e.steps) }, span: e.span },
        ],
        distinct: false,
        withinGroup: [],
        filter: null,
        nullTreatment: null,
        over: null,
        span: e.span,
      };
      const written = prettySql(e);
      resolvedCallNames.set(call, written);
      try {
        return await analyzeFunction(call, env);
      } catch (err) {
        // A type error names the operator as written (`s:a`), not the get_json_object call behind it.
        if (!(err instanceof LakesqlError) || typeof err.messageParameters.sqlExpr !== 'string') throw err;
        throw new LakesqlError(err.errorClass, { ...err.messageParameters, sqlExpr: `"${written}"` });
      }
    }
    case 'alias':
      return analyzeExpression(e.expr, env);
    case 'row': {
      const values = await Promise.all(e.values.map((v) => analyzeExpression(v, env)));
      // CreateStruct names a field after its alias (`(0 AS sum, 0 AS n)`); other fields stay col1, col2, …
      // here, because an IN list of rows (`(a, b) IN ((1, 2))`) needs equal field names on both sides.
      const aliased = e.values.map((v) => (v.kind === 'alias' ? v : undefined));
      return callFunction(
        'struct',
        values,
        env,
        prettySql(e),
        e.values.map(prettySql),
        aliased as Expression[],
      );
    }
    case 'lambda':
    case 'namedArgument':
    case 'multiAlias':
    case 'positionalParameter':
    case 'namedParameter':
    case 'default':
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `${e.kind} in this position` });
    default: {
      const never: never = e;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

function not(child: BoundExpr): BoundExpr {
  return { kind: 'unary', op: 'not', child, type: BooleanType };
}

const COMPARISONS: ReadonlySet<string> = new Set(['=', '<=>', '<>', '<', '<=', '>', '>=']);

export function binary(
  op: string,
  left0: BoundExpr,
  right0: BoundExpr,
  env: ExpressionEnv,
  sql: string,
  operandSql?: readonly [string, string],
): BoundExpr {
  const lower = op.toLowerCase();
  let left = left0;
  let right = right0;
  if (lower === '<<' || lower === '>>' || lower === '>>>') {
    return callFunction(
      lower === '<<' ? 'shiftleft' : lower === '>>' ? 'shiftright' : 'shiftrightunsigned',
      [left, right],
      env,
      sql,
    );
  }
  const integral = (e: BoundExpr) =>
    e.kind === 'literal' &&
    (typeof e.value === 'bigint' || (typeof e.value === 'number' && Number.isInteger(e.value))) &&
    e.type.kind === 'primitive' &&
    ['integer', 'long', 'short', 'byte'].includes(e.type.name)
      ? BigInt(e.value as number | bigint)
      : undefined;
  if (COMPARISONS.has(lower)) {
    // Comparisons use one collation (CollationTypeCoercion), then the type rules see plain strings.
    const [l, r] = collateToSingleType(lower, [left, right], sql).args;
    left = l!;
    right = r!;
  }
  const r = resolveBinaryOperator(
    lower as BinaryOperator,
    withoutCollation(typeOf(left)),
    withoutCollation(typeOf(right)),
    env.ctx.semantics,
    {
      sqlExpr: `"${sql}"`,
      ...(integral(left) !== undefined ? { leftLiteral: integral(left)! } : {}),
      ...(integral(right) !== undefined ? { rightLiteral: integral(right)! } : {}),
      ...(operandSql ? { leftSql: operandSql[0], rightSql: operandSql[1] } : {}),
    },
  );
  const node: BoundExpr = {
    kind: 'binary',
    op: lower as BinaryOperator,
    left: castTo(left, r.leftCast, env),
    right: castTo(right, r.rightCast, env),
    type: r.resultType,
  };
  return r.resultCast ? castTo(node, r.resultCast, env) : node;
}

/**
 * `trim(trimStr, str)`, `ltrim(trimStr, str)` and `rtrim(trimStr, str)`: the two-argument function forms take
 * the characters to trim FIRST (StringTrim's `this(trimStr, srcStr)` constructor, since Spark 3.0), and are
 * named as the SQL form they stand for, `TRIM(BOTH trimStr FROM str)`.
 */
function trimCall(e: Extract<Expression, { kind: 'function' }>): Expression | undefined {
  const side = e.name.length === 1 ? trimFunctionSide(e.name[0]!) : undefined;
  if (side === undefined || e.args.length !== 2 || e.args.some((a) => a.kind === 'namedArgument'))
    return undefined;
  if (e.distinct || e.filter || e.over) return undefined;
  return { kind: 'trim', side, trimChars: e.args[0]!, source: e.args[1]!, span: e.span };
}

/** Functions Spark calls when written without parentheses, as `SELECT current_date`. */
const LITERAL_FUNCTIONS: ReadonlySet<string> = new Set([
  'current_date',
  'current_timestamp',
  'current_user',
  'user',
  'session_user',
]);

function literalFunctionName(parts: readonly string[], env: ExpressionEnv): string | undefined {
  if (parts.length !== 1) return undefined;
  const name = parts[0]!.toLowerCase();
  if (!LITERAL_FUNCTIONS.has(name) || env.lambdaVariables.has(name) || env.scope.tryResolve(parts))
    return undefined;
  return name;
}

function resolveColumn(parts: readonly string[], env: ExpressionEnv): BoundExpr {
  // ResolveLambdaVariables: a lambda parameter wins over columns, and `acc.sum` is a field of it.
  const lambda = env.lambdaVariables.get(parts[0]!.toLowerCase());
  if (lambda) {
    const variable: BoundExpr = { kind: 'lambdaVariable', attr: lambda };
    return parts.slice(1).reduce<BoundExpr>((x, f) => extractField(x, f, env), variable);
  }
  const r = env.scope.tryResolve(parts);
  if (!r && parts.length === 1 && parts[0]!.toLowerCase() === 'grouping__id' && env.allowAggregates) {
    // Hive's virtual column: grouping_id() over the enclosing grouping sets.
    return { kind: 'grouping', args: [], type: LongType };
  }
  if (!r) {
    const alias = parts.length === 1 ? env.aliases?.get(parts[0]!.toLowerCase()) : undefined;
    if (alias) throw new AliasReference(alias);
    const parameter = resolveFunctionParameter(parts, env);
    if (parameter) return parameter.fields.reduce((x, f) => extractField(x, f, env), parameter.value);
    const variable = resolveVariable(parts, env);
    if (variable) return variable;
    throw unresolvedColumn(parts, env.scope.attributes);
  }
  let expr: BoundExpr = r.outer ? { kind: 'outerRef', attr: r.attr } : { kind: 'attributeRef', attr: r.attr };
  for (const f of r.fieldPath) expr = extractField(expr, f, env);
  return expr;
}

/**
 * A session variable, or a field of one (`v.f`), for a name no column resolves (Spark's
 * ColumnResolutionHelper.resolveVariables): its current value as a literal of its type, the longest name
 * that is a variable first.
 */
/** The literals that stand for a whole session variable, with the name Spark gives that reference. */
const variableNames = new WeakMap<BoundExpr, string>();

function resolveVariable(parts: readonly string[], env: ExpressionEnv): BoundExpr | undefined {
  const lookup = env.ctx.relations.lookupVariable?.bind(env.ctx.relations);
  if (!lookup) return undefined;
  for (let n = Math.min(parts.length, 3); n >= 1; n--) {
    const v = lookup(parts.slice(0, n));
    if (!v) continue;
    let expr: BoundExpr = { kind: 'literal', value: v.value, type: v.type };
    if (n === parts.length) variableNames.set(expr, variableReferenceName(v));
    for (const f of parts.slice(n)) expr = extractField(expr, f, env);
    return expr;
  }
  return undefined;
}

function columnDisplayName(parts: readonly string[], bound: BoundExpr): string {
  let fields = 0;
  let e = bound;
  while (e.kind === 'getField' || (e.kind === 'subscript' && e.index.kind === 'literal')) {
    fields++;
    e = e.child;
  }
  if (e.kind === 'outerRef') {
    // Spark's OuterReference.sql: `outer(spark_catalog.default.t1.c1)`, the column fully qualified.
    const qualifier =
      e.attr.qualifier.length === 2 ? ['spark_catalog', ...e.attr.qualifier] : e.attr.qualifier;
    const outer = `outer(${[...qualifier, e.attr.name].join('.')})`;
    return [outer, ...parts.slice(parts.length - fields)].join('.');
  }
  if (e.kind === 'attributeRef' || e.kind === 'lambdaVariable') {
    return [e.attr.name, ...parts.slice(parts.length - fields)].join('.');
  }
  return parts.join('.');
}

/**
 * Thrown when a name is not a column but a select-list alias that the clause may use (GROUP BY, HAVING,
 * ORDER BY): the caller analyzes the aliased expression instead.
 */
export class AliasReference extends Error {
  constructor(readonly expr: Expression) {
    super('alias reference');
  }
}

function extractField(base: BoundExpr, field: string, env: ExpressionEnv): BoundExpr {
  const t = typeOf(base);
  if (t.kind === 'map')
    return subscript(base, { kind: 'literal', value: field, type: StringType }, env, field);
  if (t.kind !== 'struct') {
    throw new LakesqlError('INVALID_EXTRACT_BASE_FIELD_TYPE', {
      base: `"${field}"`,
      other: `"${sqlTypeName(t).toUpperCase()}"`,
    });
  }
  const f =
    t.fields.find((x) => x.name === field) ??
    t.fields.find((x) => x.name.toLowerCase() === field.toLowerCase());
  if (!f) {
    throw new LakesqlError('FIELD_NOT_FOUND', {
      fieldName: `\`${field}\``,
      fields: t.fields.map((x) => `\`${x.name}\``).join(', '),
    });
  }
  return { kind: 'getField', child: base, field: f.name, type: f.type };
}

/** `a[i]` on arrays (0-based, an int index) and `m[k]` on maps (the key cast to the key type). */
function subscript(base: BoundExpr, index: BoundExpr, env: ExpressionEnv, sql: string): BoundExpr {
  const t = typeOf(base);
  if (t.kind === 'array')
    return { kind: 'subscript', child: base, index: castTo(index, IntegerType, env), type: t.elementType };
  if (t.kind === 'map')
    return { kind: 'subscript', child: base, index: castTo(index, t.keyType, env), type: t.valueType };
  throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
    sqlExpr: `"${sql}"`,
    paramIndex: 'first',
    requiredType: '("ARRAY" or "MAP")',
    inputSql: `"${sql}"`,
    inputType: `"${sqlTypeName(t).toUpperCase()}"`,
  });
}

async function analyzeCase(e: Extract<Expression, { kind: 'case' }>, env: ExpressionEnv): Promise<BoundExpr> {
  const operand = e.operand ? await analyzeExpression(e.operand, env) : undefined;
  const whens: BoundExpr[] = [];
  const thens: BoundExpr[] = [];
  for (const w of e.whens) {
    const cond = await analyzeExpression(w.condition, env);
    whens.push(operand ? binary('=', operand, cond, env, prettySql(e)) : castTo(cond, BooleanType, env));
    thens.push(await analyzeExpression(w.result, env));
  }
  const otherwise = e.else ? await analyzeExpression(e.else, env) : undefined;
  const results = otherwise ? [...thens, otherwise] : thens;
  const type = findWiderCommonType(results.map(typeOf), env.ctx.semantics);
  if (!type) {
    throw new LakesqlError('DATATYPE_MISMATCH.DATA_DIFF_TYPES', {
      sqlExpr: `"${prettySql(e)}"`,
      functionName: '`casewhen`',
      dataType: `[${results.map((r) => `"${sqlTypeName(typeOf(r)).toUpperCase()}"`).join(', ')}]`,
    });
  }
  return {
    kind: 'case',
    branches: whens.map((when, i) => ({ when, then: castTo(thens[i]!, type, env) })),
    ...(otherwise ? { otherwise: castTo(otherwise, type, env) } : {}),
    type,
  };
}

async function analyzeLike(
  e: Extract<Expression, { kind: 'like' | 'rlike' | 'likeQuantified' }>,
  env: ExpressionEnv,
): Promise<BoundExpr> {
  const value = await analyzeExpression(e.value, env);
  const sql = prettySql(e);
  let result: BoundExpr;
  if (e.kind === 'rlike') {
    result = callFunction('rlike', [value, await analyzeExpression(e.pattern, env)], env, sql);
  } else if (e.kind === 'like') {
    const args = [value, await analyzeExpression(e.pattern, env)];
    if (e.escape !== null) args.push({ kind: 'literal', value: e.escape, type: StringType });
    result = callFunction(e.op === 'ILIKE' ? 'ilike' : 'like', args, env, sql);
  } else {
    // Spark's NotLikeAny / NotLikeAll negate each pattern's match, not the whole: `NOT LIKE ANY` holds when
    // some pattern does not match, `NOT LIKE ALL` when none matches (three-valued, NULL patterns included).
    const parts = await Promise.all(
      e.patterns.map(async (p) => {
        const match = callFunction(
          e.op === 'ILIKE' ? 'ilike' : 'like',
          [value, await analyzeExpression(p, env)],
          env,
          sql,
        );
        return e.negated ? not(match) : match;
      }),
    );
    return parts.reduce((l, r) => binary(e.quantifier === 'ANY' ? 'OR' : 'AND', l, r, env, sql));
  }
  return e.negated ? not(result) : result;
}

/** Calls a registry function on already analyzed arguments (used for desugared syntax). */
export function callFunction(
  name: string,
  args: readonly BoundExpr[],
  env: ExpressionEnv,
  sql: string,
  argSqls?: readonly string[],
  argAsts?: readonly Expression[],
): BoundExpr {
  const sig = lookupFunction(name);
  if (!sig)
    throw new LakesqlError('UNRESOLVED_ROUTINE', {
      routineName: `\`${name}\``,
      searchPath: '[`system`.`builtin`]',
    });
  return applySignature(sig, args, env, sql, false, argSqls, argAsts);
}

/** The name of an argument that Spark resolves to a NamedExpression (ArgInfo.name), else undefined. */
function namedExpressionName(e: Expression): string | undefined {
  switch (e.kind) {
    case 'alias':
      return e.name;
    case 'column':
      return e.nameParts[e.nameParts.length - 1];
    case 'fieldAccess':
      return e.field;
    default:
      return undefined;
  }
}

function argInfo(a: BoundExpr, sql: string): ArgInfo {
  const foldable = isFoldable(a);
  const numeric = constantNumeric(a);
  const base: ArgInfo = { type: typeOf(a), foldable, sql, ...(numeric !== undefined ? { numeric } : {}) };
  // A higher-order function's resolve() recognizes its lambda arguments by this field.
  if (a.kind === 'lambda')
    return { ...base, lambda: { params: a.params.map((p) => ({ name: p.name, type: p.type })) } };
  if (
    a.kind === 'literal' &&
    (a.value === null || typeof a.value !== 'object' || a.value instanceof Uint8Array)
  ) {
    return { ...base, value: a.value as ScalarValue };
  }
  if (a.kind === 'call' && a.name === 'map') return { ...base, mapCall: { entries: stringEntries(a.args) } };
  return base;
}

/** A constant number, or array(…) of constant numbers, as JS numbers (ArgInfo.numeric). */
function constantNumeric(a: BoundExpr): number | null | (number | null)[] | undefined {
  if (a.kind === 'call' && a.name === 'array') {
    const values = a.args.map(constantNumber);
    return values.every((v) => v !== undefined) ? (values as (number | null)[]) : undefined;
  }
  if (a.kind === 'cast' && a.child.kind === 'call' && a.child.name === 'array')
    return constantNumeric(a.child);
  return constantNumber(a);
}

function constantNumber(a: BoundExpr): number | null | undefined {
  if (a.kind === 'literal') {
    if (a.value === null) return null;
    const t = a.type;
    if (t.kind === 'decimal' && typeof a.value === 'bigint') return Number(a.value) / 10 ** t.scale;
    if (typeof a.value === 'number' || typeof a.value === 'bigint') return Number(a.value);
    return undefined;
  }
  if (a.kind === 'cast') return constantNumber(a.child);
  if (a.kind === 'unary' && a.op === '-') {
    const v = constantNumber(a.child);
    return v === null || v === undefined ? v : -v;
  }
  return undefined;
}

/** The key-value pairs of map()'s arguments when all are string literals. */
function stringEntries(args: readonly BoundExpr[]): [string, string][] | undefined {
  const texts = args.map((x) => (x.kind === 'literal' && typeof x.value === 'string' ? x.value : undefined));
  if (texts.some((t) => t === undefined)) return undefined;
  const entries: [string, string][] = [];
  for (let i = 0; i + 1 < texts.length; i += 2) entries.push([texts[i]!, texts[i + 1]!]);
  return entries;
}

export function isFoldable(e: BoundExpr): boolean {
  switch (e.kind) {
    case 'literal':
      return true;
    case 'cast':
    case 'unary':
      return isFoldable(e.child);
    case 'binary':
      return isFoldable(e.left) && isFoldable(e.right);
    case 'call':
      return (
        e.resolved?.engineFunction === undefined && e.args.every(isFoldable) && !NON_DETERMINISTIC.has(e.name)
      );
    default:
      return false;
  }
}

/**
 * input_file_name() over one file relation of this query (a Delta table, Parquet files): its rows' file
 * path, `_metadata.file_path`. Elsewhere (no file relation, or several) it stays Spark's '' of an unknown file.
 */
function inputFilePath(env: ExpressionEnv): BoundExpr | undefined {
  const metadata = env.scope.attributes.filter((a) => a.hidden && a.name === METADATA_COLUMN);
  if (metadata.length !== 1 || new Set(metadata.map((a) => a.id)).size !== 1) return undefined;
  const attr: BoundExpr = { kind: 'attributeRef', attr: metadata[0]! };
  return { kind: 'getField', child: attr, field: 'file_path', type: StringType };
}

/** try_add(a, b) is `a + b` evaluated with ANSI checks, NULL where it would fail (Spark's TryEval). */
const TRY_ARITHMETIC: Readonly<Record<string, string>> = {
  try_add: '+',
  try_subtract: '-',
  try_multiply: '*',
  try_divide: '/',
  try_mod: '%',
};

function wrongArgs(name: string, expected: string, actual: number): LakesqlError {
  return new LakesqlError('WRONG_NUM_ARGS.WITHOUT_SUGGESTION', {
    functionName: `\`${name}\``,
    expectedNum: expected,
    actualNum: actual,
    docroot: 'https://spark.apache.org/docs/latest',
  });
}

const NON_DETERMINISTIC = new Set([
  'rand',
  'random',
  'randn',
  'uuid',
  'shuffle',
  'current_timestamp',
  'now',
  'uniform',
  'randstr',
  'monotonically_increasing_id',
]);

function applySignature(
  sig: FunctionSignature,
  args: readonly BoundExpr[],
  env: ExpressionEnv,
  sql: string,
  distinct: boolean,
  argSqls?: readonly string[],
  argAsts?: readonly Expression[],
): BoundExpr {
  const collated = collateCallArgs(sig.name, args, sql);
  checkAccentSensitiveArgs(sig.name, collated.args, sql, argSqls);
  const infos = collated.args.map((a, i) => {
    const info = argInfo(a, argSqls?.[i] ?? sql);
    const name = argAsts?.[i] === undefined ? undefined : namedExpressionName(argAsts[i]!);
    return name === undefined ? info : { ...info, name };
  });
  // The function library types plain strings; the collation rides along (Spark's StringTypeWithCollation).
  const resolved0 = sig.resolve(
    infos.map((info) => ({ ...info, type: withoutCollation(info.type) })),
    env.ctx.semantics,
  );
  const resolved = COLLATION_PRESERVING_FUNCTIONS.has(sig.name)
    ? { ...resolved0, returnType: resultWithCollation(resolved0.returnType, collated.collation) }
    : resolved0;
  if (sig.fold)
    return { kind: 'literal', value: sig.fold(infos, env.ctx.semantics), type: resolved.returnType };
  const cast = collated.args.map((a, i) => castTo(a, resolved.inputTypes[i] ?? typeOf(a), env));
  if (sig.kind === 'aggregate') {
    return { kind: 'aggregate', name: sig.name, args: cast, distinct, resolved, type: resolved.returnType };
  }
  return { kind: 'call', name: sig.name, args: cast, resolved, type: resolved.returnType };
}

/**
 * Collation coercion of a call's arguments: Spark's listed functions collate their strings alike; any other
 * keeps its inputs' collation, the first string's, for its result.
 */
function collateCallArgs(name: string, args: readonly BoundExpr[], sql: string): CollatedArgs {
  if (COLLATION_COERCED_FUNCTIONS.has(name)) return collateToSingleType(name, args, sql);
  failOnIndeterminateInput(name, args, sql);
  const first = args.map((a) => innerCollation(typeOf(a))).find((c) => c !== undefined);
  return { args, collation: first };
}

async function analyzeFunction(e: FunctionCall, env: ExpressionEnv): Promise<BoundExpr> {
  const name = e.name.join('.').toLowerCase();
  const userFunction = e.name.length === 1 ? env.ctx.relations.lookupUserFunction?.(name) : undefined;
  if (userFunction) return analyzeUserFunctionCall(e, userFunction, env);
  if (e.args.some((a) => a.kind === 'namedArgument') && lookupFunction(name)) {
    const bound = withNamedArgumentsBound(e, name);
    // The column is named after the rearranged call, as Spark names it.
    resolvedCallNames.set(e, prettySql(bound));
    return analyzeFunction(bound, env);
  }
  if (name === 'input_file_name' && e.args.length === 0) {
    const path = inputFilePath(env);
    if (path) return path;
  }
  if ((name === 'to_char' || name === 'to_varchar') && e.args.length === 2) {
    // to_char(datetime, fmt) is date_format; to_char(number, fmt) formats numbers (not yet supported).
    const first = await analyzeExpression(e.args[0]!, env);
    const t = typeOf(first);
    if (t.kind === 'primitive' && ['date', 'timestamp', 'timestamp_ntz'].includes(t.name)) {
      resolvedCallNames.set(e, `date_format(${e.args.map((a) => prettySql(a)).join(', ')})`);
      return callFunction(
        'date_format',
        [first, await analyzeExpression(e.args[1]!, env)],
        env,
        prettySql(e),
      );
    }
  }
  // timestampdiff(UNIT, start, end), timestampadd(UNIT, n, ts) and their Databricks spellings
  // (datediff/date_diff, dateadd/date_add with a unit): the unit is a keyword, not a column.
  const diff = diffUnit(name, e);
  if (diff !== undefined) return analyzeUnitCall('timestampdiff', diff, e, env);
  const add = timestampAddUnit(name, e);
  if (add !== undefined) return analyzeUnitCall('timestampadd', add, e, env);
  if (name === 'pmod' || name === 'mod') {
    // pmod and mod (`%`) are Spark's binary arithmetic operators: the operator's coercion, result types and
    // errors.
    if (e.args.length !== 2) throw wrongArgs(name, '2', e.args.length);
    const [l, r] = await Promise.all(e.args.map((a) => analyzeExpression(a, env)));
    return binary(name === 'mod' ? '%' : 'pmod', l!, r!, env, prettySql(e));
  }
  if (name === 'div') {
    // div(a, b) is IntegralDivide, the `div` operator, and Spark prints it in the operator's form.
    if (e.args.length !== 2) throw wrongArgs(name, '2', e.args.length);
    const [l, r] = await Promise.all(e.args.map((a) => analyzeExpression(a, env)));
    const sql = `(${prettySql(e.args[0]!)} div ${prettySql(e.args[1]!)})`;
    resolvedCallNames.set(e, sql);
    return binary('div', l!, r!, env, sql);
  }
  const tryOp = TRY_ARITHMETIC[name];
  if (tryOp) {
    if (e.args.length !== 2) throw wrongArgs(name, '2', e.args.length);
    const ansiEnv: ExpressionEnv = {
      ...env,
      ctx: { ...env.ctx, semantics: { ...env.ctx.semantics, ansi: true } },
    };
    const child = binary(
      tryOp,
      await analyzeExpression(e.args[0]!, env),
      await analyzeExpression(e.args[1]!, env),
      ansiEnv,
      prettySql(e),
    );
    return { kind: 'tryEval', child, type: typeOf(child) };
  }
  const castType = castAliasType(name);
  if (castType) {
    if (e.args.length !== 1) throw wrongArgs(name, '1', e.args.length);
    const child = await analyzeExpression(e.args[0]!, env);
    return { kind: 'cast', child, type: castType, mode: env.ctx.semantics.ansi ? 'ansi' : 'legacy' };
  }
  if (name === 'grouping' || name === 'grouping_id') {
    // Resolved against the enclosing GROUP BY's grouping sets (Spark's Grouping / GroupingID).
    if (!env.allowAggregates)
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `${name}() outside an aggregate` });
    const args = await Promise.all(
      e.args.map((a) => analyzeExpression(a, { ...env, allowAggregates: false })),
    );
    return { kind: 'grouping', args, type: name === 'grouping' ? ByteType : LongType };
  }
  if (name === 'monotonically_increasing_id' && env.clause !== 'select') {
    // Compiled to a window function (row_number), which only a SELECT list can hold.
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'monotonically_increasing_id() outside a SELECT list',
    });
  }
  const sig = lookupFunction(name);
  if (!sig) {
    const sqlFunction = env.ctx.relations.lookupSqlFunction?.(e.name);
    if (sqlFunction) return analyzeSqlFunctionCall(e, sqlFunction, env);
    throw new LakesqlError('UNRESOLVED_ROUTINE', {
      routineName: `\`${e.name.join('.')}\``,
      searchPath: '[`system`.`builtin`, `system`.`session`, `spark_catalog`.`default`]',
    });
  }
  if (sig.kind === 'aggregate' && !env.allowAggregates && !e.over) {
    throw aggregateNotAllowed(e, env);
  }
  if (sig.kind === 'window' && !e.over) {
    throw new LakesqlError('WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE', { funcName: `"${sig.name}"` });
  }
  // percentile_cont(p) WITHIN GROUP (ORDER BY x) and friends: the ordering becomes an argument.
  const ordered = orderedSetArguments(sig, e);
  // count(*) is count(1) (Spark's analyzer rewrites the star).
  const argAsts = withNullTreatment(
    sig.name,
    e,
    e.args.length === 1 && isPlainStar(e.args[0]!) && sig.name === 'count'
      ? [{ kind: 'literal', value: { type: 'int', value: 1n }, span: e.args[0]!.span } as Expression]
      : ordered.smallestOnTie && sig.name === 'mode'
        ? [
            ...ordered.args,
            { kind: 'literal', value: { type: 'boolean', value: true }, span: e.span } as Expression,
          ]
        : ordered.args,
  );
  // An aggregate's arguments hold no aggregate; a window aggregate's may (`sum(sum(x)) OVER (…)` in a grouped
  // query sums the groups' sums), wherever its own clause allows aggregates.
  const innerEnv: ExpressionEnv =
    sig.kind === 'aggregate'
      ? { ...env, allowAggregates: e.over ? env.allowAggregates : false, allowWindows: false }
      : env;
  const args = await analyzeArguments(sig, argAsts, innerEnv);
  if ((sig.name === 'lpad' || sig.name === 'rpad') && args.length === 2) {
    // Spark shows the default pad in the name: a space for strings, X'00' for binary.
    const pad =
      typeOf(args[0]!).kind === 'primitive' && (typeOf(args[0]!) as { name: string }).name === 'binary'
        ? "X'00'"
        : ' ';
    resolvedCallNames.set(e, `${sig.name}(${argAsts.map((a) => prettySql(a)).join(', ')}, ${pad})`);
  }
  let call = applySignature(
    sig,
    args,
    env,
    prettySql(e),
    e.distinct,
    argAsts.map((a) => prettySql(a)),
    argAsts,
  );
  if (call.kind === 'call' || call.kind === 'aggregate') nameCollatedLiterals(argAsts, call.args);
  if (e.filter) {
    if (call.kind !== 'aggregate')
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `FILTER on ${sig.name}` });
    // Analyzed with aggregates and windows allowed, so that Spark's INVALID_AGGREGATE_FILTER can name them.
    const filter = await analyzeExpression(e.filter, { ...env, allowAggregates: true, allowWindows: true });
    checkAggregateFilter(e.filter, filter);
    call = { ...call, filter: castTo(filter, BooleanType, env) };
  }
  if (e.nullTreatment === 'IGNORE' && call.kind === 'aggregate') call = { ...call, ignoreNulls: true };
  if (call.kind === 'aggregate' && ordered.descending)
    call = { ...call, resolved: { ...call.resolved, descending: true } };
  if (call.kind === 'aggregate' && sig.name === 'listagg' && e.withinGroup.length > 0) {
    const orderBy = await Promise.all(e.withinGroup.map((o) => analyzeSortItem(o, innerEnv)));
    call = { ...call, orderBy };
  }
  if (e.over) {
    if (!env.allowWindows)
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'window functions in this clause' });
    return analyzeWindow(call, e, env);
  }
  return call;
}

async function analyzeArguments(
  sig: FunctionSignature,
  argAsts: readonly Expression[],
  env: ExpressionEnv,
): Promise<BoundExpr[]> {
  const out: (BoundExpr | undefined)[] = [];
  for (const a of argAsts)
    out.push(a.kind === 'lambda' ? undefined : await analyzeExpression(unwrapNamed(a), env));
  for (let i = 0; i < argAsts.length; i++) {
    const a = argAsts[i]!;
    if (a.kind !== 'lambda') continue;
    // Spark names the expression's Scala class; lakesql has none, so the function's name stands in for it.
    if (!sig.lambdaParameterTypes)
      throw new LakesqlError('INVALID_LAMBDA_FUNCTION_CALL.NON_HIGHER_ORDER_FUNCTION', { class: sig.name });
    const infos = out.map((x, j) =>
      x
        ? argInfo(x, prettySql(argAsts[j]!))
        : ({
            type: { kind: 'primitive', name: 'void' },
            foldable: false,
            sql: prettySql(argAsts[j]!),
          } as ArgInfo),
    );
    const types = sig.lambdaParameterTypes(infos, i, a.params.length);
    const params: Attribute[] = a.params.map((p, j) => env.ctx.ids.fresh(p, types[j]!, true));
    const vars = new Map(env.lambdaVariables);
    for (const p of params) vars.set(p.name.toLowerCase(), p);
    const body = await analyzeExpression(a.body, { ...env, lambdaVariables: vars });
    out[i] = { kind: 'lambda', params, body, type: typeOf(body) };
  }
  return out as BoundExpr[];
}

/**
 * A built-in call with `name => value` arguments, rewritten to positional arguments in the function's
 * parameter order (defaults filled in, as Spark's rearrangement shows them in the column name).
 */
function withNamedArgumentsBound(e: FunctionCall, name: string): FunctionCall {
  const parameters = namedParametersOf(name);
  if (!parameters) {
    throw new LakesqlError('NAMED_PARAMETERS_NOT_SUPPORTED', { functionName: `\`${name}\`` });
  }
  return { ...e, args: bindArguments(`\`${name}\``, parameters, e.args) };
}

/** `*` or `t.*`, as count(*) means it; a column regex is not one. */
function isPlainStar(e: Expression): boolean {
  return e.kind === 'star' && e.regex === undefined;
}

function unwrapNamed(e: Expression): Expression {
  return e.kind === 'namedArgument' ? e.value : e;
}

export function aggregateNotAllowed(e: FunctionCall, env: ExpressionEnv): LakesqlError {
  if (env.clause === 'where') {
    return new LakesqlError('INVALID_WHERE_CONDITION', {
      condition: `"${prettySql(e)}"`,
      expressionList: prettySql(e),
    });
  }
  if (env.clause === 'groupBy') return new LakesqlError('GROUP_BY_AGGREGATE', { sqlExpr: prettySql(e) });
  return new LakesqlError('NESTED_AGGREGATE_FUNCTION', {});
}

async function analyzeWindow(fn: BoundExpr, e: FunctionCall, env: ExpressionEnv): Promise<BoundExpr> {
  let spec = e.over!;
  if (spec.kind === 'windowRef') {
    const named = env.namedWindows.get(spec.name.toLowerCase());
    if (!named) throw new LakesqlError('MISSING_WINDOW_SPECIFICATION', { windowName: spec.name });
    spec = named;
    resolvedWindowSpecs.set(e, spec);
  } else if (spec.baseWindow) {
    const base = env.namedWindows.get(spec.baseWindow.toLowerCase());
    if (!base) throw new LakesqlError('MISSING_WINDOW_SPECIFICATION', { windowName: spec.baseWindow });
    spec = {
      ...spec,
      partitionBy: spec.partitionBy.length ? spec.partitionBy : base.partitionBy,
      orderBy: spec.orderBy.length ? spec.orderBy : base.orderBy,
      frame: spec.frame ?? base.frame,
    };
    resolvedWindowSpecs.set(e, spec);
  }
  const sig = fn.kind === 'aggregate' ? lookupFunction(fn.name) : undefined;
  if (sig) checkOrderedSetWindow(sig, e, spec);
  // WindowSpecDefinition.checkInputDataTypes: a RANGE frame with value bounds needs an ORDER BY to measure them.
  const valueBound = (b: WindowFrameBound | null | undefined) =>
    b?.type === 'preceding' || b?.type === 'following';
  if (
    spec.frame?.type === 'range' &&
    spec.orderBy.length === 0 &&
    (valueBound(spec.frame.start) || valueBound(spec.frame.end))
  ) {
    throw new LakesqlError('DATATYPE_MISMATCH.RANGE_FRAME_WITHOUT_ORDER', {
      sqlExpr: `"${windowSpecSql(spec)}"`,
    });
  }
  const inner: ExpressionEnv = { ...env, allowWindows: false, allowAggregates: env.allowAggregates };
  const partitionBy = await Promise.all(spec.partitionBy.map((p) => analyzeExpression(p, inner)));
  const orderBy = await Promise.all(spec.orderBy.map((o) => analyzeSortItem(o, inner)));
  const frame = spec.frame
    ? {
        unit: spec.frame.type,
        start: await frameBound(spec.frame.start, inner),
        end: spec.frame.end
          ? await frameBound(spec.frame.end, inner)
          : ({ kind: 'currentRow' } as FrameBound),
      }
    : undefined;
  return {
    kind: 'window',
    function: fn,
    partitionBy,
    orderBy,
    ...(frame ? { frame } : {}),
    type: typeOf(fn),
  };
}

async function frameBound(b: WindowFrameBound, env: ExpressionEnv): Promise<FrameBound> {
  switch (b.type) {
    case 'unboundedPreceding':
    case 'unboundedFollowing':
    case 'currentRow':
      return { kind: b.type };
    case 'preceding':
    case 'following':
      return { kind: b.type, offset: await analyzeExpression(b.offset!, env) };
    default: {
      const never: never = b.type;
      throw new Error(`unknown frame bound ${String(never)}`);
    }
  }
}

export async function analyzeSortItem(o: SortItem, env: ExpressionEnv): Promise<SortOrder> {
  return sortOrderOf(o, await analyzeExpression(o.expr, env));
}

/** `expr` sorted as `o` says: ascending unless DESC; nulls first for ascending unless written (Spark). */
export function sortOrderOf(o: SortItem, expr: BoundExpr): SortOrder {
  const ascending = o.direction !== 'DESC';
  const nullsFirst = o.nulls ? o.nulls === 'FIRST' : ascending;
  // SortOrder.checkInputDataTypes: a VARIANT has no order.
  if (containsVariant(typeOf(expr))) {
    throw new LakesqlError('DATATYPE_MISMATCH.INVALID_ORDERING_TYPE', {
      sqlExpr: `"${prettySql(o.expr)} ${ascending ? 'ASC' : 'DESC'} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}"`,
      functionName: '`sortorder`',
      dataType: toSqlType(typeOf(expr)),
    });
  }
  return { expr, ascending, nullsFirst };
}

export { type DataType, IntegerType, sameDataType };

const DIFF_UNITS = new Set([
  'MICROSECOND',
  'MILLISECOND',
  'SECOND',
  'MINUTE',
  'HOUR',
  'DAY',
  'WEEK',
  'MONTH',
  'QUARTER',
  'YEAR',
]);

/** `fn(UNIT, a, b)` named as Spark names it, the unit passed as a string literal. */
async function analyzeUnitCall(
  fn: string,
  unit: string,
  e: FunctionCall,
  env: ExpressionEnv,
): Promise<BoundExpr> {
  const [a, b] = await Promise.all(e.args.slice(1).map((x) => analyzeExpression(x, env)));
  const argSqls = [unit, ...e.args.slice(1).map((x) => prettySql(x))];
  resolvedCallNames.set(e, `${fn}(${argSqls.join(', ')})`);
  const unitLiteral: BoundExpr = { kind: 'literal', value: unit, type: StringType };
  return callFunction(fn, [unitLiteral, a!, b!], env, prettySql(e), argSqls);
}

/** The unit of a `timestampdiff(UNIT, a, b)` call (or Databricks' 3-argument datediff), else undefined. */
function diffUnit(name: string, e: FunctionCall): string | undefined {
  return unitKeyword(name, e, ['timestampdiff', 'datediff', 'date_diff', 'timediff'], DIFF_UNITS);
}

const ADD_UNITS = new Set([...DIFF_UNITS, 'DAYOFYEAR']);

/** The unit of a `timestampadd(UNIT, n, ts)` call (or its 3-argument dateadd/date_add forms), else undefined. */
function timestampAddUnit(name: string, e: FunctionCall): string | undefined {
  return unitKeyword(name, e, ['timestampadd', 'dateadd', 'date_add'], ADD_UNITS);
}

/** The first argument of a 3-argument call of one of `names` when it is a bare unit keyword of `units`. */
function unitKeyword(
  name: string,
  e: FunctionCall,
  names: readonly string[],
  units: ReadonlySet<string>,
): string | undefined {
  if (e.args.length !== 3 || !names.includes(name)) return undefined;
  const first = e.args[0]!;
  // Spark's grammar takes `unit=datetimeUnit | invalidUnit=stringLit`: a quoted unit is a parse error.
  if (first.kind === 'literal' && first.value.type === 'string') {
    throw new LakesqlError('INVALID_PARAMETER_VALUE.DATETIME_UNIT', {
      functionName: `\`${e.name[e.name.length - 1]}\``,
      // The unit as written: Spark prints the string literal's token with its quotes.
      invalidValue: `'${first.value.value}'`,
      parameter: '`unit`',
    });
  }
  if (first.kind !== 'column' || first.nameParts.length !== 1) return undefined;
  const unit = first.nameParts[0]!.toUpperCase();
  return units.has(unit) ? unit : undefined;
}

/** A Databricks JSON path as get_json_object's `$` path: fields in brackets, so any name survives. */
/** Spark's variant path of `:`'s steps; a `[*]` has none (Spark's VariantPathParser refuses it). */
function variantPath(steps: readonly JsonPathStep[]): string {
  let path = '$';
  for (const s of steps) {
    if (s.kind === 'index') path += `[${s.index}]`;
    else if (s.kind === 'wildcard') path += '[*]';
    else path += s.name.includes("'") ? `["${s.name}"]` : `['${s.name}']`;
  }
  return path;
}

function sparkJsonPath(steps: readonly JsonPathStep[]): string {
  let path = '$';
  for (const s of steps) {
    if (s.kind === 'index') path += `[${s.index}]`;
    else if (s.kind === 'wildcard') path += '[*]';
    else path += s.name.includes("'") ? `.${s.name}` : `['${s.name}']`;
  }
  return path;
}

/**
 * InConversion casts both sides of `x IN (SELECT y)` to their wider common type: the values above, the
 * subquery's columns through a projection over it (`1L IN (SELECT '1')` compares as BIGINT under ANSI,
 * as STRING in legacy mode), since DuckDB compares no BIGINT with a VARCHAR.
 */
function withColumnTypes(plan: LogicalPlan, types: readonly DataType[], env: ExpressionEnv): LogicalPlan {
  if (plan.output.every((a, i) => sameDataType(a.type, types[i]!))) return plan;
  const list: NamedExpr[] = plan.output.map((a, i) => {
    const expr = castTo({ kind: 'attributeRef', attr: a }, types[i]!, env);
    return {
      expr,
      attr: expr.kind === 'attributeRef' ? a : env.ctx.ids.fresh(a.name, types[i]!, a.nullable),
    };
  });
  return { kind: 'project', child: plan, list, output: list.map((n) => n.attr) };
}
