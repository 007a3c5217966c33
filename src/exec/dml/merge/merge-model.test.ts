/**
 * Property: on random target tables (partitioned or not, several files) and random source batches, with
 * random clause sets, MERGE gives the rows, the result row and the error that a plain-TypeScript model of
 * Delta's MERGE semantics over arrays gives. Targets write deletion vectors (merge-on-read) or not
 * (copy-on-write) at random, and the same MERGE runs twice, so the second one unites its DVs with the first's.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MergeTestEnv, mergeTestEnv } from './testing/merge-test-env.js';

let env: MergeTestEnv;
beforeAll(async () => {
  env = await mergeTestEnv();
});
afterAll(async () => {
  await env.close();
});

interface Row {
  id: number | null;
  v: number | null;
  p: string;
}

type Kind = 'matched' | 'notMatched' | 'notMatchedBySource';
type Action = 'update' | 'updateAll' | 'delete' | 'insert' | 'insertAll';
interface Clause {
  kind: Kind;
  cond: number | null; // index into CONDITIONS[kind]
  action: Action;
}

type Tri = boolean | null;
const gt = (a: number | null, b: number): Tri => (a === null ? null : a > b);
/** Conditions per clause kind: SQL text and the model's three-valued evaluation. */
const CONDITIONS: Record<Kind, { sql: string; eval: (t: Row | null, s: Row | null) => Tri }[]> = {
  matched: [
    { sql: 's.v > 5', eval: (_t, s) => gt(s!.v, 5) },
    { sql: 't.v > 3', eval: (t) => gt(t!.v, 3) },
  ],
  notMatched: [
    { sql: 's.v > 2', eval: (_t, s) => gt(s!.v, 2) },
    { sql: "s.p = 'a'", eval: (_t, s) => s!.p === 'a' },
  ],
  notMatchedBySource: [
    { sql: 't.v > 4', eval: (t) => gt(t!.v, 4) },
    { sql: "t.p = 'b'", eval: (t) => t!.p === 'b' },
  ],
};

function clauseSql(c: Clause): string {
  const head = {
    matched: 'WHEN MATCHED',
    notMatched: 'WHEN NOT MATCHED',
    notMatchedBySource: 'WHEN NOT MATCHED BY SOURCE',
  }[c.kind];
  const cond = c.cond === null ? '' : ` AND ${CONDITIONS[c.kind][c.cond]!.sql}`;
  const action = {
    update: c.kind === 'matched' ? 'UPDATE SET v = s.v + 100' : 'UPDATE SET v = t.v + 1000',
    updateAll: 'UPDATE SET *',
    delete: 'DELETE',
    insert: 'INSERT (id, v, p) VALUES (s.id, s.v * 2, s.p)',
    insertAll: 'INSERT *',
  }[c.action];
  return `${head}${cond} THEN ${action}`;
}

const add = (a: number | null, b: number) => (a === null ? null : a + b);

/** Delta's MERGE over arrays: the new rows, [affected, updated, deleted, inserted], or the error class. */
function model(target: Row[], source: Row[], clauses: Clause[]): { rows: Row[]; counts: number[] } | string {
  const of = (k: Kind) => clauses.filter((c) => c.kind === k);
  const applies = (c: Clause, t: Row | null, s: Row | null) =>
    c.cond === null || CONDITIONS[c.kind][c.cond]!.eval(t, s) === true;
  const insertOnly = clauses.every((c) => c.kind === 'notMatched');
  const matched = of('matched');
  const loneDelete = matched.length === 1 && matched[0]!.cond === null && matched[0]!.action === 'delete';
  const matches = (t: Row) => source.filter((s) => s.id !== null && t.id !== null && s.id === t.id);
  if (!insertOnly && !loneDelete && target.some((t) => matches(t).length > 1)) {
    return 'DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE';
  }
  const out: Row[] = [];
  let updated = 0;
  let deleted = 0;
  let inserted = 0;
  for (const t of target) {
    const ms = insertOnly ? [] : matches(t);
    if (ms.length === 0) {
      const c = of('notMatchedBySource').find((x) => applies(x, t, null));
      if (!c) out.push(t);
      else if (c.action === 'delete') deleted++;
      else {
        updated++;
        out.push({ ...t, v: add(t.v, 1000) });
      }
      continue;
    }
    let gone = false;
    for (const s of ms) {
      const c = matched.find((x) => applies(x, t, s));
      if (!c) out.push(t);
      else if (c.action === 'delete') gone = true;
      else {
        updated++;
        out.push(c.action === 'updateAll' ? { ...s } : { ...t, v: add(s.v, 100) });
      }
    }
    if (gone) deleted++;
  }
  for (const s of source) {
    if (target.some((t) => s.id !== null && t.id === s.id)) continue;
    const c = of('notMatched').find((x) => applies(x, null, s));
    if (!c) continue;
    inserted++;
    out.push(c.action === 'insertAll' ? { ...s } : { ...s, v: s.v === null ? null : s.v * 2 });
  }
  return { rows: out, counts: [updated + deleted + inserted, updated, deleted, inserted] };
}

const rowArb = fc.record({
  id: fc.option(fc.integer({ min: 0, max: 4 }), { freq: 8 }),
  v: fc.option(fc.integer({ min: 0, max: 9 }), { freq: 6 }),
  p: fc.constantFrom('a', 'b'),
});

/** Clauses of one kind: any number up to two, only the last may lack its condition. */
function clausesOf(kind: Kind, actions: Action[]): fc.Arbitrary<Clause[]> {
  return fc
    .array(
      fc.record({ cond: fc.option(fc.integer({ min: 0, max: 1 })), action: fc.constantFrom(...actions) }),
      {
        maxLength: 2,
      },
    )
    .map((cs) =>
      cs.map((c, i) => ({ kind, action: c.action, cond: i < cs.length - 1 && c.cond === null ? 0 : c.cond })),
    );
}

const clausesArb = fc
  .tuple(
    clausesOf('matched', ['update', 'updateAll', 'delete']),
    clausesOf('notMatched', ['insert', 'insertAll']),
    clausesOf('notMatchedBySource', ['update', 'delete']),
  )
  .map(([m, n, b]) => [...m, ...n, ...b])
  .filter((cs) => cs.length > 0);

const sqlValue = (x: number | null) => (x === null ? 'CAST(NULL AS INT)' : `CAST(${x} AS INT)`);
const rowSql = (r: Row) => `(${sqlValue(r.id)}, ${sqlValue(r.v)}, '${r.p}')`;
const key = (r: Row) => JSON.stringify([r.p, r.id, r.v]);

describe('MERGE against a model over arrays', () => {
  it('gives the model’s rows, counts and errors', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(rowArb, { minLength: 1, maxLength: 4 }), { maxLength: 3 }),
        // Mostly one source row per key (else most cases end in the multiple-match error).
        fc.oneof(
          { arbitrary: fc.uniqueArray(rowArb, { maxLength: 5, selector: (r) => r.id }), weight: 3 },
          { arbitrary: fc.array(rowArb, { maxLength: 5 }), weight: 1 },
        ),
        clausesArb,
        fc.boolean(),
        fc.boolean(),
        async (batches, source, clauses, partitioned, deletionVectors) => {
          const properties = `TBLPROPERTIES ('delta.enableDeletionVectors' = ${deletionVectors})`;
          const t = await env.table(
            'id INT, v INT, p STRING',
            `${partitioned ? 'PARTITIONED BY (p) ' : ''}${properties}`,
          );
          for (const b of batches) await env.append(t, b.map(rowSql).join(', '));
          const srcSql =
            source.length === 0
              ? 'SELECT CAST(NULL AS INT) AS id, CAST(NULL AS INT) AS v, CAST(NULL AS STRING) AS p WHERE false'
              : `SELECT * FROM VALUES ${source.map(rowSql).join(', ')} AS x(id, v, p)`;
          const text = `MERGE INTO ${t.name} t USING (${srcSql}) s ON t.id = s.id ${clauses.map(clauseSql).join(' ')}`;
          let current: Row[] = batches.flat();
          for (let round = 0; round < 2; round++) {
            const expected = model(current, source, clauses);
            const before = await env.version(t.location);
            if (typeof expected === 'string') {
              await expect(env.merge(text)).rejects.toMatchObject({ errorClass: expected });
              expect(await env.version(t.location)).toBe(before);
              return;
            }
            const { result } = await env.merge(text);
            expect(result.kind === 'rows' ? result.rows : []).toEqual([expected.counts.map(BigInt)]);
            const actual = (await env.rows(`SELECT id, v, p FROM ${t.name}`)).map((r) => ({
              id: r[0] as number | null,
              v: r[1] as number | null,
              p: r[2] as string,
            }));
            expect(actual.map(key).sort()).toEqual(expected.rows.map(key).sort());
            current = expected.rows;
          }
        },
      ),
      { numRuns: 50, seed: 4242 },
    );
  }, 60_000);
});
