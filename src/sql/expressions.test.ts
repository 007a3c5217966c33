import { describe, expect, it } from 'vitest';
import { decimal, IntegerType } from '../types/index.js';
import { parseExpression, printExpression } from './index.js';
import { stripSpans } from './testing/strip-spans.js';

const e = (s: string) => stripSpans(parseExpression(s));
const col = (...nameParts: string[]) => ({ kind: 'column', nameParts });
const lit = (value: unknown) => ({ kind: 'literal', value });
const int = (n: number) => lit({ type: 'int', value: BigInt(n) });

describe('expressions', () => {
  it('follows Spark precedence: OR < AND < NOT < comparison < | < ^ < & < + - || < * /', () => {
    expect(e('a OR b AND NOT c = 1 + 2 * 3')).toEqual({
      kind: 'binary',
      op: 'OR',
      left: col('a'),
      right: {
        kind: 'binary',
        op: 'AND',
        left: col('b'),
        right: {
          kind: 'unary',
          op: 'NOT',
          operand: {
            kind: 'binary',
            op: '=',
            left: col('c'),
            right: {
              kind: 'binary',
              op: '+',
              left: int(1),
              right: { kind: 'binary', op: '*', left: int(2), right: int(3) },
            },
          },
        },
      },
    });
    expect(e("a || 'x' = b")).toMatchObject({ op: '=', left: { op: '||' } });
    expect(e('a | b & c')).toMatchObject({ op: '|', right: { op: '&' } });
    expect(e('!a')).toEqual({ kind: 'unary', op: 'NOT', operand: col('a') });
    expect(e('a == b')).toMatchObject({ op: '=' });
    expect(e('a != b')).toMatchObject({ op: '<>' });
  });
  it('types literals as Spark does', () => {
    expect(e('1')).toEqual(int(1));
    expect(e('3000000000')).toEqual(lit({ type: 'bigint', value: 3000000000n }));
    expect(e('99999999999999999999')).toEqual(
      lit({ type: 'decimal', unscaled: 99999999999999999999n, precision: 20, scale: 0 }),
    );
    expect(e('1.5')).toEqual(lit({ type: 'decimal', unscaled: 15n, precision: 2, scale: 1 }));
    expect(e('-128Y')).toEqual(lit({ type: 'tinyint', value: -128n }));
    expect(e('1e3')).toEqual(lit({ type: 'double', value: 1000, text: '1e3' }));
    expect(e("X'0aFF'")).toEqual(lit({ type: 'binary', value: new Uint8Array([10, 255]) }));
    expect(e("DATE '2024-02-29'")).toEqual(lit({ type: 'date', value: '2024-02-29' }));
    expect(e("timestamp_ntz '2024-01-01 10:00'")).toEqual(
      lit({ type: 'timestamp_ntz', value: '2024-01-01 10:00' }),
    );
    expect(e("'a' 'b'")).toEqual(lit({ type: 'string', value: 'ab' }));
  });
  it('raises Spark literal errors', () => {
    expect(() => parseExpression('128Y')).toThrow(
      expect.objectContaining({
        errorClass: 'INVALID_NUMERIC_LITERAL_RANGE',
        messageParameters: {
          maxValue: '127',
          minValue: '-128',
          rawStrippedQualifier: '128',
          typeName: 'tinyint',
        },
      }),
    );
    expect(() => parseExpression("date 'mar 11 2016'")).toThrow(
      expect.objectContaining({
        errorClass: 'INVALID_TYPED_LITERAL',
        messageParameters: { value: "'mar 11 2016'", valueType: '"DATE"' },
      }),
    );
    expect(() => parseExpression("GEO '(1,2)'")).toThrow(
      expect.objectContaining({ errorClass: 'UNSUPPORTED_TYPED_LITERAL' }),
    );
    expect(() => parseExpression('1.20E-38BD')).toThrow(
      expect.objectContaining({
        errorClass: 'DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION',
        messageParameters: { maxPrecision: '38', precision: '40' },
      }),
    );
  });
  it('reads intervals in their three forms', () => {
    expect(e("INTERVAL '1' DAY")).toEqual({
      kind: 'interval',
      value: { form: 'units', units: [{ value: '1', unit: 'DAY' }] },
    });
    expect(e('INTERVAL 1 DAY 2 HOURS')).toEqual({
      kind: 'interval',
      value: {
        form: 'units',
        units: [
          { value: '1', unit: 'DAY' },
          { value: '2', unit: 'HOUR' },
        ],
      },
    });
    expect(e("INTERVAL '1-2' YEAR TO MONTH")).toEqual({
      kind: 'interval',
      value: { form: 'qualified', value: '1-2', from: 'YEAR', to: 'MONTH' },
    });
  });
  it('reads predicates', () => {
    expect(e('a NOT BETWEEN 1 AND 2')).toEqual({
      kind: 'between',
      value: col('a'),
      low: int(1),
      high: int(2),
      negated: true,
    });
    expect(e('a NOT IN (1, 2)')).toEqual({
      kind: 'inList',
      value: col('a'),
      list: [int(1), int(2)],
      negated: true,
    });
    expect(e("a LIKE 'x!%' ESCAPE '!'")).toMatchObject({ kind: 'like', escape: '!', negated: false });
    expect(e("a ILIKE SOME ('x', 'y')")).toMatchObject({
      kind: 'likeQuantified',
      op: 'ILIKE',
      quantifier: 'ANY',
    });
    expect(e('a IS NOT DISTINCT FROM b')).toMatchObject({ kind: 'isDistinctFrom', negated: true });
    expect(e('a IS UNKNOWN')).toMatchObject({ kind: 'isBoolean', truth: null });
    expect(e('a REGEXP b')).toMatchObject({ kind: 'rlike' });
    expect(e('EXISTS (SELECT 1)')).toMatchObject({ kind: 'exists' });
    expect(e('(a, b) IN (SELECT 1, 2)')).toMatchObject({ kind: 'inSubquery', values: [col('a'), col('b')] });
  });
  it('reads special forms, casts, access paths, lambdas and named arguments', () => {
    expect(e('CAST(a AS DECIMAL(10,2))')).toEqual({
      kind: 'cast',
      value: col('a'),
      dataType: decimal(10, 2),
      try: false,
    });
    expect(e('a::int')).toEqual({ kind: 'cast', value: col('a'), dataType: IntegerType, try: false });
    expect(e('EXTRACT(YEAR FROM d)')).toEqual({ kind: 'extract', field: 'YEAR', source: col('d') });
    // POSITION(… IN …) builds StringLocate, named `locate`; SUBSTR(… FROM …) builds Substring.
    expect(e('POSITION(a IN b)')).toMatchObject({
      kind: 'function',
      name: ['locate'],
      args: [col('a'), col('b')],
    });
    expect(e('SUBSTR(s FROM 2 FOR 3)')).toMatchObject({
      kind: 'function',
      name: ['substring'],
      args: [col('s'), int(2), int(3)],
    });
    expect(e("TRIM(LEADING 'x' FROM y)")).toEqual({
      kind: 'trim',
      side: 'LEADING',
      trimChars: lit({ type: 'string', value: 'x' }),
      source: col('y'),
    });
    expect(e("a.b.c['k'][0]")).toMatchObject({
      kind: 'subscript',
      base: { kind: 'subscript', base: col('a', 'b', 'c') },
      index: int(0),
    });
    expect(e('transform(xs, x -> x + 1)')).toMatchObject({
      args: [col('xs'), { kind: 'lambda', params: ['x'] }],
    });
    expect(e('reduce(xs, 0, (acc, x) -> acc + x)')).toMatchObject({
      args: [{}, {}, { kind: 'lambda', params: ['acc', 'x'] }],
    });
    expect(e('f(a => 1)')).toMatchObject({ args: [{ kind: 'namedArgument', name: 'a', value: int(1) }] });
    expect(e('CASE WHEN a THEN 1 ELSE 2 END')).toEqual({
      kind: 'case',
      operand: null,
      whens: [{ condition: col('a'), result: int(1) }],
      else: int(2),
    });
    expect(e('? + :p')).toMatchObject({
      left: { kind: 'positionalParameter', index: 0 },
      right: { kind: 'namedParameter', name: 'p' },
    });
  });
  it('reads function tails: DISTINCT, count(*), FILTER, IGNORE NULLS, OVER', () => {
    expect(e('count(DISTINCT a) FILTER (WHERE b > 1)')).toMatchObject({
      distinct: true,
      filter: { op: '>' },
    });
    expect(e('count(*)')).toMatchObject({ args: [{ kind: 'star', qualifier: null }] });
    expect(e('first_value(a) IGNORE NULLS OVER w')).toMatchObject({
      nullTreatment: 'IGNORE',
      over: { kind: 'windowRef', name: 'w' },
    });
    expect(
      e(
        'sum(a) OVER (PARTITION BY b ORDER BY c DESC NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING)',
      ),
    ).toMatchObject({
      over: {
        kind: 'windowSpec',
        partitionBy: [col('b')],
        orderBy: [{ expr: col('c'), direction: 'DESC', nulls: 'FIRST' }],
        frame: {
          type: 'rows',
          start: { type: 'unboundedPreceding' },
          end: { type: 'following', offset: int(1) },
        },
      },
    });
  });
  it('reports syntax errors the Spark way, with position', () => {
    try {
      parseExpression('a +\n  )');
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({
        errorClass: 'PARSE_SYNTAX_ERROR',
        sqlState: '42601',
        messageParameters: { error: "')'", hint: '' },
        line: 2,
        column: 3,
        offset: 6,
      });
    }
    expect(() => parseExpression('a +')).toThrow(
      expect.objectContaining({ messageParameters: { error: 'end of input', hint: '' } }),
    );
  });
  it('refuses nesting deeper than the guard with a syntax error, not a stack overflow', () => {
    expect(() => parseExpression(`${'('.repeat(5000)}1${')'.repeat(5000)}`)).toThrow(
      expect.objectContaining({ errorClass: 'PARSE_SYNTAX_ERROR' }),
    );
  });
  it('prints expressions that parse back to the same tree', () => {
    for (const s of [
      "a OR b AND NOT c = 1 + 2 * 3 || 'x'",
      '-a * -1 - - 2.5 + 1e3 + 1.5D + 2F + 3L + 4S + 5Y + 7BD',
      "CASE a WHEN 1 THEN 'x' END",
      'CAST(a AS ARRAY<STRUCT<x: INT NOT NULL, y: MAP<STRING, DECIMAL(5,2)>>>)',
      "a NOT LIKE 'x' ESCAPE '!' AND b RLIKE c AND d IS NOT NULL AND e IS DISTINCT FROM f",
      "INTERVAL '1 day' + INTERVAL 1 DAY 2 HOURS + INTERVAL '1-2' YEAR TO MONTH",
      'count(DISTINCT a) FILTER (WHERE b) OVER (PARTITION BY c ORDER BY d RANGE BETWEEN 1 PRECEDING AND CURRENT ROW)',
      "TRIM(BOTH 'x' FROM y) || EXTRACT(DAY FROM z) || x'ab' || DATE '2020-01-01'",
      'transform(a, (x, i) -> x + i)[0].f',
      '(a).f',
      'a IN (SELECT b FROM t WHERE c > 1)',
      "'it\\'s \\\\ \\n'",
      "raw:a.`b c`['d'][0][*].e::double",
      "(a || b):['x']",
    ]) {
      const tree = e(s);
      expect(e(printExpression(parseExpression(s))), s).toEqual(tree);
    }
  });

  it("parses Databricks' JSON path operator after a primary, up to a :: cast", () => {
    expect(e("raw:a.`b c`['d'][0][*]::int")).toEqual({
      kind: 'cast',
      value: {
        kind: 'jsonPath',
        base: col('raw'),
        steps: [
          { kind: 'field', name: 'a', form: 'bare' },
          { kind: 'field', name: 'b c', form: 'quoted' },
          { kind: 'field', name: 'd', form: 'bracket' },
          { kind: 'index', index: 0 },
          { kind: 'wildcard' },
        ],
      },
      dataType: IntegerType,
      try: false,
    });
    expect(e('a = :p')).toEqual({
      kind: 'binary',
      op: '=',
      left: col('a'),
      right: { kind: 'namedParameter', name: 'p' },
    });
  });
});
