/**
 * EXECUTE IMMEDIATE (Spark's ResolveExecuteImmediate / SubstituteExecuteImmediate,
 * sql-ref-syntax-aux-exec-imm.html). The USING arguments are resolved first: a name is a session variable
 * (UNRESOLVED_VARIABLE otherwise), anything else must be a constant that needs no analysis (a literal, or
 * operators and casts over literals) or fails with UNSUPPORTED_EXPR_FOR_PARAMETER. The statement text, a
 * literal or a STRING variable, is then parsed with its markers bound: `?` markers take the arguments in
 * order, `:name` markers the named ones (an unaliased variable is named after itself). With INTO the
 * statement must be a query, and its row is assigned as `SET VAR (targets) = (query)` assigns it.
 */
import { quoteNameParts } from '../../catalog/identifiers.js';
import type { SessionVariable, SessionVariables } from '../../catalog/session-variables.js';
import { LakesqlError } from '../../errors/index.js';
import { prettySql } from '../../plan/analyzer/pretty-sql.js';
import { quotedType } from '../../plan/functions/spark-type-text.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { ExecuteImmediate, ExecuteImmediateArgument, Statement } from '../../sql/ast/statements.js';
import { refuseUnboundParameters } from '../../sql/bind-parameters.js';
import { type ParseOptions, parseStatement, tokenize } from '../../sql/index.js';
import type { CommandContext } from '../command-context.js';
import { setVariables } from '../ddl/session-variables.js';
import type { StatementResult } from '../statement-result.js';

type ImmediateContext = Pick<CommandContext, 'catalog' | 'analyze' | 'runQuery'> & {
  readonly parseOptions: ParseOptions;
};

/** An argument once resolved: the expression a marker becomes, and the name it binds (if any). */
interface BoundArgument {
  readonly value: Expression;
  readonly name: string | null;
  readonly source: Expression;
}

export async function executeImmediate(
  ctx: ImmediateContext,
  stmt: ExecuteImmediate,
  run: (inner: Statement) => Promise<StatementResult>,
): Promise<StatementResult> {
  const variables = ctx.catalog.variables;
  const args = stmt.args.map((a) => resolveArgument(variables, a));
  const text = statementText(variables, stmt);
  const inner = parseWithArguments(text, args, ctx.parseOptions);
  if (stmt.into.length > 0 && inner.kind !== 'queryStatement') {
    throw new LakesqlError('INVALID_STATEMENT_FOR_EXECUTE_INTO', { sqlString: text.toUpperCase() });
  }
  if (inner.kind === 'executeImmediate') {
    throw new LakesqlError('NESTED_EXECUTE_IMMEDIATE', { sqlString: text.toUpperCase() });
  }
  refuseUnboundParameters(inner);
  if (inner.kind === 'queryStatement' && stmt.into.length > 0) {
    return setVariables(ctx, {
      kind: 'setVariablesFromQuery',
      names: stmt.into,
      query: inner.query,
      span: stmt.span,
    });
  }
  return run(inner);
}

/** The statement's text: the literal, or the value of a STRING variable that is not NULL. */
function statementText(variables: SessionVariables, stmt: ExecuteImmediate): string {
  const source = stmt.source;
  if (source.kind === 'text') return source.text;
  const variable = variables.get(source.name);
  if (variable.type.kind !== 'primitive' || variable.type.name !== 'string') {
    throw new LakesqlError('INVALID_VARIABLE_TYPE_FOR_QUERY_EXECUTE_IMMEDIATE', {
      varType: quotedType(variable.type),
    });
  }
  if (variable.value === null) {
    throw new LakesqlError('NULL_QUERY_STRING_EXECUTE_IMMEDIATE', { varName: quoteNameParts(source.name) });
  }
  return String(variable.value);
}

function resolveArgument(variables: SessionVariables, arg: ExecuteImmediateArgument): BoundArgument {
  const e = arg.expr;
  if (e.kind === 'column') {
    const variable = variables.get(e.nameParts);
    return { value: variableValue(variable, e), name: arg.name ?? variable.name, source: e };
  }
  // A marker of an enclosing parameterized statement stays for that statement's arguments.
  if (e.kind === 'positionalParameter' || e.kind === 'namedParameter' || isConstant(e)) {
    return { value: e, name: arg.name, source: e };
  }
  throw new LakesqlError('UNSUPPORTED_EXPR_FOR_PARAMETER', { invalidExprSql: `"${prettySql(e)}"` });
}

/**
 * A variable's value where a marker was. A STRING is its literal, so that IDENTIFIER(:name) sees a constant
 * while parsing; any other value is the variable itself, fully qualified so that no column can shadow it,
 * which keeps its type exactly.
 */
function variableValue(variable: SessionVariable, at: Expression): Expression {
  const { type, value } = variable;
  if (type.kind === 'primitive' && type.name === 'string' && value !== null) {
    return { kind: 'literal', value: { type: 'string', value: String(value) }, span: at.span };
  }
  return { kind: 'column', nameParts: ['system', 'session', variable.name], span: at.span };
}

/** Whether Spark's analyzer would find `e` resolved as parsed: literals and operators or casts over them. */
function isConstant(e: Expression): boolean {
  switch (e.kind) {
    case 'literal':
    case 'interval':
      return true;
    case 'unary':
      return isConstant(e.operand);
    case 'binary':
    case 'isDistinctFrom':
      return isConstant(e.left) && isConstant(e.right);
    case 'cast':
    case 'isNull':
    case 'isBoolean':
      return isConstant(e.value);
    case 'between':
      return isConstant(e.value) && isConstant(e.low) && isConstant(e.high);
    case 'inList':
      return isConstant(e.value) && e.list.every(isConstant);
    case 'case':
      return (
        (e.operand === null || isConstant(e.operand)) &&
        e.whens.every((w) => isConstant(w.condition) && isConstant(w.result)) &&
        (e.else === null || isConstant(e.else))
      );
    default:
      return false;
  }
}

/**
 * The statement parsed with its markers bound. Without arguments (or without markers) nothing is bound and
 * a marker left in the statement is UNBOUND_SQL_PARAMETER; `?` and `:name` markers may not be mixed; named
 * markers need every argument named (ALL_PARAMETERS_MUST_BE_NAMED lists those that are not).
 */
function parseWithArguments(text: string, args: readonly BoundArgument[], options: ParseOptions): Statement {
  const markers = new Set(
    tokenize(text).flatMap((t) => (t.type === 'param' ? [t.value === '' ? '?' : ':'] : [])),
  );
  if (args.length === 0 || markers.size === 0) return parseStatement(text, undefined, options);
  if (markers.size > 1) throw new LakesqlError('INVALID_QUERY_MIXED_QUERY_PARAMETERS', {});
  if (markers.has('?')) {
    return parseStatement(
      text,
      args.map((a) => a.value),
      options,
    );
  }
  const unnamed = args.filter((a) => a.name === null);
  if (unnamed.length > 0) {
    throw new LakesqlError('ALL_PARAMETERS_MUST_BE_NAMED', {
      exprs: unnamed.map((a) => `"${prettySql(a.source)}"`).join(', '),
    });
  }
  return parseStatement(text, new Map(args.map((a) => [a.name!, a.value])), options);
}
