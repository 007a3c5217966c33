/**
 * Parser, analyzer and execution fuzz (issue 13, "Fuzz"): golden statements mutated token by token
 * (dropped, doubled, swapped, replaced by keywords, operators, hostile strings, huge and odd literals) with
 * fast-check. Every mutant parses or fails with a typed ParseError; a mutant query is analyzed and run
 * under `lakesql.statement.timeout` and succeeds or fails with a typed error, never an untyped one or an
 * INTERNAL_ERROR, in bounded time. `LAKESQL_RELIABILITY_SEED` repeats a run.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { useSqlSession } from '../exec/session/testing/sql-session-fixture.js';
import { parseStatement } from '../sql/index.js';
import { SEED, SETTINGS } from './testing/reliability-settings.js';

const fixture = useSqlSession('lakesql-sql-fuzz-');
beforeAll(async () => {
  await fixture.session.execute('CREATE TABLE f (a INT, b STRING, c DOUBLE, d DATE, m MAP<STRING, INT>)');
  await fixture.session.execute(
    "INSERT INTO f VALUES (1, 'x', 1.5, DATE'2024-01-01', map('k', 1)), (2, NULL, -0.0, NULL, NULL), (NULL, 'y''z', NULL, DATE'1970-01-01', map())",
  );
  await fixture.session.execute('SET lakesql.statement.timeout = 20');
});

const GOLDEN = [
  'SELECT a, b FROM f WHERE a > 1 ORDER BY a',
  'SELECT a + 1 AS x, upper(b), c * 2 FROM f',
  'SELECT b, count(*), sum(a) FROM f GROUP BY b HAVING count(*) > 0',
  'SELECT a, row_number() OVER (PARTITION BY b ORDER BY c) FROM f',
  'SELECT f1.a, f2.b FROM f f1 JOIN f f2 ON f1.a = f2.a LEFT JOIN f f3 ON f3.c = f1.c',
  "SELECT CASE WHEN a IS NULL THEN 'n' ELSE CAST(a AS STRING) END FROM f",
  'SELECT a FROM f UNION ALL SELECT a FROM f EXCEPT SELECT 1',
  "WITH t AS (SELECT a, b FROM f) SELECT * FROM t WHERE b LIKE 'x%'",
  "SELECT explode(array(1, 2, 3)) AS e, m['k'] FROM f",
  "SELECT date_format(d, 'yyyy-MM-dd'), date_add(d, 1), to_json(named_struct('a', a)) FROM f",
  'SELECT a, (SELECT max(a) FROM f) FROM f WHERE a IN (SELECT a FROM f WHERE c > 0)',
  'SELECT coalesce(a, 0) / nullif(a, 0), a % 2, -a, ~a FROM f',
  "SELECT regexp_replace(b, '[a-z]', 'Q'), substring(b, 1, 2), concat_ws(',', b, b) FROM f",
  'SELECT transform(array(a, a), x -> x + 1), filter(array(1, 2), x -> x > 1) FROM f',
  "SELECT * FROM VALUES (1, 'a'), (2, 'b') AS v(x, y) WHERE x BETWEEN 1 AND 2",
  'SELECT a FROM f TABLESAMPLE (50 PERCENT) LIMIT 1 OFFSET 0',
  'SELECT percentile(a, 0.5), collect_list(b), approx_count_distinct(c) FROM f',
  "SELECT struct(a, b).a, array_contains(array(b), 'x'), map_keys(m) FROM f",
  "SELECT a FROM f WHERE b RLIKE '^x' AND c IS NOT NULL OR d > DATE'2000-01-01'",
  "SELECT sequence(1, 5), repeat(b, 3), lpad(b, 5, '-') FROM f",
];

/** What a replaced token becomes: keywords, operators, hostile strings, odd literals. */
const VOCABULARY = [
  'SELECT',
  'FROM',
  'WHERE',
  'GROUP',
  'BY',
  'ORDER',
  'JOIN',
  'ON',
  'AS',
  'NOT',
  'NULL',
  'AND',
  'OR',
  'IN',
  'CASE',
  'WHEN',
  'END',
  'OVER',
  'UNION',
  'LATERAL',
  'VIEW',
  'DISTINCT',
  'INTERVAL',
  'CAST',
  'TABLE',
  '(',
  ')',
  ',',
  '.',
  '*',
  '+',
  '-',
  '/',
  '%',
  '=',
  '<=>',
  '||',
  '::',
  '[',
  ']',
  '{',
  '}',
  '->',
  ';',
  "'",
  '`',
  '"',
  '--',
  '/*',
  '*/',
  "'\u0000'",
  "'é😀'",
  '`a``b`',
  "'%_\\\\'",
  "x'ZZ'",
  "X'00ff'",
  '1e309',
  '-9223372036854775808',
  '99999999999999999999999999999999999999.9',
  '0.0',
  '1Y',
  '2147483648',
  "DATE'0000-00-00'",
  "TIMESTAMP'9999-12-31 23:59:59.999999'",
  "INTERVAL '1' DAY",
  'a',
  'b',
  'c',
  'd',
  'm',
  'array(',
  'map(',
  'struct(',
  'count(',
  'sum(',
  'x ->',
  'range(3)',
  `'${'y'.repeat(10_000)}'`,
];

const tokensOf = (sql: string) => sql.match(/'(?:[^']|'')*'|`[^`]*`|\w+|->|<=>|\|\||::|\S/g) ?? [];

type Mutation = { kind: 'drop' | 'double' | 'swap' | 'replace'; at: number; word: number };

function mutate(sql: string, mutations: readonly Mutation[]): string {
  const tokens = tokensOf(sql);
  for (const { kind, at, word } of mutations) {
    const i = at % tokens.length;
    if (kind === 'drop' && tokens.length > 1) tokens.splice(i, 1);
    else if (kind === 'double') tokens.splice(i, 0, tokens[i]!);
    else if (kind === 'swap' && i + 1 < tokens.length)
      [tokens[i], tokens[i + 1]] = [tokens[i + 1]!, tokens[i]!];
    else if (kind === 'replace') tokens[i] = VOCABULARY[word % VOCABULARY.length]!;
  }
  return tokens.join(' ');
}

const mutationArb = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('drop', 'double', 'swap', 'replace'),
  at: fc.nat(200),
  word: fc.nat(VOCABULARY.length - 1),
});

describe(`mutated golden statements (seed ${SEED})`, () => {
  it.each(GOLDEN)('the golden statement runs: %s', async (sql) => {
    await fixture.session.execute(sql);
  });

  it('parse, analyze and run: typed errors only, bounded time', { timeout: 900_000 }, async () => {
    const outcomes = new Map<string, number>();
    let slowest = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(GOLDEN.length - 1),
        fc.array(mutationArb, { minLength: 1, maxLength: 2 }),
        async (g, mutations) => {
          const sql = mutate(GOLDEN[g]!, mutations);
          const started = Date.now();
          let outcome = 'ran';
          try {
            const stmt = parseStatement(sql);
            // Only queries run: a mutant that became another statement kind is only parsed.
            if (stmt.kind === 'queryStatement') await fixture.session.execute(sql);
            else outcome = `parsed ${stmt.kind}`;
          } catch (e) {
            if (!(e instanceof LakesqlError)) throw new Error(`untyped error for ${sql}: ${String(e)}`);
            expect(e.errorClass, `${sql}: ${e.message}`).not.toBe('INTERNAL_ERROR');
            outcome = e.errorClass;
          }
          slowest = Math.max(slowest, Date.now() - started);
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        },
      ),
      { seed: SEED, numRuns: SETTINGS.fuzzRuns },
    );
    console.log(
      JSON.stringify({ runs: SETTINGS.fuzzRuns, slowestMs: slowest, outcomes: Object.fromEntries(outcomes) }),
    );
    expect(slowest).toBeLessThan(60_000);
  });
});
