/**
 * Spark's interval constructors (intervalExpressions.scala: MakeInterval, MakeDTInterval, MakeYMInterval).
 * Every argument may be left off from the right; Spark's auxiliary constructors then pass `Literal(0)` (and
 * `Literal(Decimal(0, 18, 6))` for the seconds), which is why the generated column name lists them:
 * `make_interval(1, 0, 0, 0, 0, 0, 0.000000)`. The seconds are DECIMAL(18, 6) so that microseconds survive
 * the implicit cast exactly.
 */
import { type DataType, type DecimalType, decimal } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';
import { implicitCast } from './type-classes.js';

/** Decimal.MAX_LONG_DIGITS = 18 digits, 6 of them the microseconds. */
export const SECONDS_TYPE: DecimalType = decimal(18, 6);

/** The literals Spark's constructors put in place of missing arguments, as they print in column names. */
const INT_DEFAULT = '0';
const SECONDS_DEFAULT = '0.000000';

interface IntervalConstructor {
  readonly name: string;
  /** How many integer arguments come before the optional seconds (all of them when there is none). */
  readonly intArgs: number;
  readonly hasSeconds: boolean;
  readonly returns: DataType;
}

function intervalConstructor(c: IntervalConstructor): FunctionSignature {
  const max = c.intArgs + (c.hasSeconds ? 1 : 0);
  const defaults = [
    ...Array.from({ length: c.intArgs }, () => INT_DEFAULT),
    ...(c.hasSeconds ? [SECONDS_DEFAULT] : []),
  ];
  return custom(
    c.name,
    'scalar',
    (args) => {
      checkArity(c.name, args, 0, max);
      const inputTypes = args.map((_, i) =>
        i < c.intArgs ? expectArg(c.name, args, i, 'int') : secondsArg(c.name, args, i),
      );
      return { inputTypes, returnType: c.returns };
    },
    { prettyName: (args) => `${c.name}(${[...args, ...defaults.slice(args.length)].join(', ')})` },
  );
}

/** Spark's implicit cast to DECIMAL(18, 6): any number, a string or NULL. */
function secondsArg(name: string, args: readonly ArgInfo[], i: number): DataType {
  const arg = args[i]!;
  if (!implicitCast(arg.type, 'numeric')) throw unexpectedInputType(name, args, i, '"DECIMAL(18,6)"');
  return SECONDS_TYPE;
}

export const INTERVAL_FUNCTIONS: readonly FunctionSignature[] = [
  intervalConstructor({
    name: 'make_interval',
    intArgs: 6,
    hasSeconds: true,
    returns: { kind: 'calendarInterval' },
  }),
  // Spark 4's TryMakeInterval: make_interval that returns NULL instead of failing on overflow.
  intervalConstructor({
    name: 'try_make_interval',
    intArgs: 6,
    hasSeconds: true,
    returns: { kind: 'calendarInterval' },
  }),
  intervalConstructor({
    name: 'make_dt_interval',
    intArgs: 3,
    hasSeconds: true,
    returns: { kind: 'dayTimeInterval', startField: 0, endField: 3 },
  }),
  intervalConstructor({
    name: 'make_ym_interval',
    intArgs: 2,
    hasSeconds: false,
    returns: { kind: 'yearMonthInterval', startField: 0, endField: 1 },
  }),
];
