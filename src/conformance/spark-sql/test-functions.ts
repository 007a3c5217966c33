/**
 * The test functions Spark's SQLQueryTestSuite registers before some golden files run
 * (IntegratedUDFTestUtils.scala), built on lakesql's own session functions (spark.udf.register's mechanism):
 *   - files under `udf/` (UDFTestCase): `udf`, TestScalaUDF and its Python twins: one argument cast to STRING,
 *     passed through a JavaScript function that returns its text, and the result cast back to the argument's
 *     type. So `udf(a)` keeps a's type and value, yet it is a real UDF call: never folded, evaluated per row.
 *   - files under `udaf/` (UDAFTestCase): `udaf`, TestGroupedAggPandasUDF: a grouped-aggregate pandas UDF
 *     computing `x.agg('count')` with return type INT, which is count(x) as INT.
 *   - files under `udtf/` (UDTFTestCase) need TestPythonUDTF, a Python table function: not registered, so
 *     those files keep failing with UNRESOLVED_ROUTINE.
 */
import { LakesqlError } from '../../errors/index.js';
import type { SqlSession } from '../../exec/session/sql-session.js';
import { jsScalarFunction, registerUserFunction } from '../../exec/udf/js-scalar-function.js';
import type { UserFunction } from '../../plan/analyzer/user-function.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { lookupFunction } from '../../plan/functions/registry.js';
import { type BoundExpr, typeOf } from '../../plan/logical/bound-expression.js';
import { type DataType, IntegerType, StringType } from '../../types/data-types.js';

export type TestFunctionSet = 'udf' | 'udaf';

/** Which test functions Spark's runner registers for a golden file (its path under `inputs/`). */
export function testFunctionsFor(file: string): TestFunctionSet | undefined {
  if (file.startsWith('udf/')) return 'udf';
  if (file.startsWith('udaf/')) return 'udaf';
  return undefined;
}

export function registerTestFunctions(session: SqlSession, set: TestFunctionSet): void {
  const fn = set === 'udf' ? testScalarUdf(session) : testCountUdaf();
  registerUserFunction(session.catalog.userFunctions, fn);
}

/** TestScalaUDF: `Cast(udf(Cast(x AS STRING)), x's type)` with the UDF `(input) => input.toString`. */
function testScalarUdf(session: SqlSession): UserFunction {
  const toText = jsScalarFunction(session.engine, {
    name: 'udf',
    returnType: StringType,
    deterministic: true,
    rowFunction: () => (args) => (args[0] === null ? null : String(args[0])),
  });
  return {
    name: 'udf',
    kind: 'scalar',
    bind(args: readonly BoundExpr[], semantics: SessionSemantics): BoundExpr {
      const arg = oneArgument('udf', args);
      const text = toText.bind([cast(arg, StringType, semantics)], semantics);
      return cast(text, typeOf(arg), semantics);
    },
  };
}

/** TestGroupedAggPandasUDF: pandas' Series.count() (the non-NULL values) returned as INT. */
function testCountUdaf(): UserFunction {
  return {
    name: 'udaf',
    kind: 'aggregate',
    bind(args: readonly BoundExpr[], semantics: SessionSemantics): BoundExpr {
      const arg = oneArgument('udaf', args);
      const count = lookupFunction('count')!;
      const resolved = count.resolve([{ type: typeOf(arg), foldable: false, sql: '' }], semantics);
      const aggregate: BoundExpr = {
        kind: 'aggregate',
        name: count.name,
        args: [arg],
        distinct: false,
        resolved,
        type: resolved.returnType,
      };
      return cast(aggregate, IntegerType, semantics);
    },
  };
}

function oneArgument(name: string, args: readonly BoundExpr[]): BoundExpr {
  // Spark's test functions assert one column; the pandas function takes one Series.
  if (args.length !== 1) {
    throw new LakesqlError('WRONG_NUM_ARGS.WITHOUT_SUGGESTION', {
      functionName: `\`${name}\``,
      expectedNum: '1',
      actualNum: args.length,
      docroot: 'https://spark.apache.org/docs/latest',
    });
  }
  return args[0]!;
}

function cast(child: BoundExpr, type: DataType, semantics: SessionSemantics): BoundExpr {
  return { kind: 'cast', child, type, mode: semantics.ansi ? 'ansi' : 'legacy' };
}
