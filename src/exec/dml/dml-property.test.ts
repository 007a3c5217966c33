/**
 * Property: on random small tables (partitioned and not, spread over several files) and random predicates
 * (with NULLs, so three-valued logic matters), DELETE and UPDATE leave exactly the rows the same change
 * computed in plain TypeScript leaves, and report the same number of affected rows. Every property runs on
 * tables that write deletion vectors (merge-on-read) and on tables that do not (copy-on-write); a sequence
 * of changes on one table makes DVs unite with the DVs earlier statements wrote.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

interface Row {
  readonly id: number;
  readonly x: number | null;
  readonly p: string;
}

type Pred =
  | {
      readonly k: 'cmp';
      readonly col: 'x' | 'id';
      readonly op: '<' | '<=' | '=' | '>' | '<>';
      readonly c: number;
    }
  | { readonly k: 'part'; readonly v: string }
  | { readonly k: 'isNull' }
  | { readonly k: 'and' | 'or'; readonly l: Pred; readonly r: Pred }
  | { readonly k: 'not'; readonly c: Pred };

const predArb: fc.Arbitrary<Pred> = fc.letrec<{ pred: Pred }>((tie) => ({
  pred: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      k: fc.constant('cmp' as const),
      col: fc.constantFrom('x' as const, 'id' as const),
      op: fc.constantFrom('<' as const, '<=' as const, '=' as const, '>' as const, '<>' as const),
      c: fc.integer({ min: -3, max: 12 }),
    }),
    fc.record({ k: fc.constant('part' as const), v: fc.constantFrom('a', 'b', 'c') }),
    fc.constant({ k: 'isNull' as const }),
    fc.record({ k: fc.constantFrom('and' as const, 'or' as const), l: tie('pred'), r: tie('pred') }),
    fc.record({ k: fc.constant('not' as const), c: tie('pred') }),
  ),
})).pred;

function sql(p: Pred): string {
  switch (p.k) {
    case 'cmp':
      return `${p.col} ${p.op} ${p.c}`;
    case 'part':
      return `p = '${p.v}'`;
    case 'isNull':
      return 'x IS NULL';
    case 'and':
    case 'or':
      return `(${sql(p.l)} ${p.k.toUpperCase()} ${sql(p.r)})`;
    case 'not':
      return `NOT (${sql(p.c)})`;
  }
}

/** SQL's three-valued logic: null is unknown. */
function evaluate(p: Pred, row: Row): boolean | null {
  switch (p.k) {
    case 'cmp': {
      const v = row[p.col];
      if (v === null) return null;
      return { '<': v < p.c, '<=': v <= p.c, '=': v === p.c, '>': v > p.c, '<>': v !== p.c }[p.op];
    }
    case 'part':
      return row.p === p.v;
    case 'isNull':
      return row.x === null;
    case 'and': {
      const l = evaluate(p.l, row);
      const r = evaluate(p.r, row);
      if (l === false || r === false) return false;
      return l === null || r === null ? null : true;
    }
    case 'or': {
      const l = evaluate(p.l, row);
      const r = evaluate(p.r, row);
      if (l === true || r === true) return true;
      return l === null || r === null ? null : false;
    }
    case 'not': {
      const c = evaluate(p.c, row);
      return c === null ? null : !c;
    }
  }
}

/** 1–12 rows with ids 1…n, split into 1–3 inserts (files per partition), with DVs on or off. */
const tableArbWith = (deletionVectors: boolean) =>
  fc
    .array(
      fc.record({
        x: fc.option(fc.integer({ min: -3, max: 12 }), { nil: null }),
        p: fc.constantFrom('a', 'b', 'c'),
      }),
      { minLength: 1, maxLength: 12 },
    )
    .chain((cells) =>
      fc.record({
        rows: fc.constant(cells.map((c, i): Row => ({ id: i + 1, ...c }))),
        batches: fc.integer({ min: 1, max: 3 }),
        partitioned: fc.boolean(),
        deletionVectors: fc.constant(deletionVectors),
      }),
    );

let kit: DmlTestKit;
let counter = 0;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

async function createTable(
  rows: readonly Row[],
  batches: number,
  partitioned: boolean,
  deletionVectors: boolean,
): Promise<string> {
  const name = `prop_${counter++}`;
  await kit.run(
    `CREATE TABLE ${name} (id INT, x INT, p STRING) USING DELTA${partitioned ? ' PARTITIONED BY (p)' : ''}` +
      ` TBLPROPERTIES ('delta.enableDeletionVectors' = ${deletionVectors})`,
  );
  const size = Math.ceil(rows.length / batches);
  for (let i = 0; i < rows.length; i += size) {
    const values = rows.slice(i, i + size).map((r) => `(${r.id}, ${r.x ?? 'NULL'}, '${r.p}')`);
    await kit.run(`INSERT INTO ${name} VALUES ${values.join(', ')}`);
  }
  return name;
}

async function tableRows(name: string): Promise<Row[]> {
  const rows = await kit.rows(`SELECT id, x, p FROM ${name} ORDER BY id`);
  return rows.map(([id, x, p]) => ({ id: id as number, x: x as number | null, p: p as string }));
}

// Each property runs on tables that write deletion vectors (merge-on-read) and on tables that do not
// (copy-on-write), so neither path depends on the random draw to be covered.
describe.each([
  { mode: 'deletion vectors', deletionVectors: true },
  { mode: 'copy-on-write', deletionVectors: false },
])('DML against a TypeScript model, $mode', ({ deletionVectors: dv }) => {
  const tableArb = tableArbWith(dv);
  it('DELETE removes exactly the rows whose predicate is true', async () => {
    await fc.assert(
      fc.asyncProperty(tableArb, predArb, async ({ rows, batches, partitioned, deletionVectors }, pred) => {
        const name = await createTable(rows, batches, partitioned, deletionVectors);
        const result = await kit.rows(`DELETE FROM ${name} WHERE ${sql(pred)}`);
        const expected = rows.filter((r) => evaluate(pred, r) !== true);
        expect(result).toEqual([[BigInt(rows.length - expected.length)]]);
        expect(await tableRows(name)).toEqual(expected);
      }),
      { numRuns: 13 },
    );
  });

  it('UPDATE changes exactly the rows whose predicate is true (including their partition)', async () => {
    await fc.assert(
      fc.asyncProperty(tableArb, predArb, async ({ rows, batches, partitioned, deletionVectors }, pred) => {
        const name = await createTable(rows, batches, partitioned, deletionVectors);
        const result = await kit.rows(`${UPDATE_SET.replace('<t>', name)} WHERE ${sql(pred)}`);
        const { rows: expected, updated } = updateModel(rows, pred);
        expect(result).toEqual([[BigInt(updated)]]);
        expect(await tableRows(name)).toEqual(expected);
      }),
      { numRuns: 13 },
    );
  });

  it('a sequence of DELETEs and UPDATEs on one table leaves what the model leaves', async () => {
    const stepArb = fc.record({ kind: fc.constantFrom('delete' as const, 'update' as const), pred: predArb });
    await fc.assert(
      fc.asyncProperty(
        tableArb,
        fc.array(stepArb, { minLength: 2, maxLength: 4 }),
        async ({ rows, batches, partitioned, deletionVectors }, steps) => {
          const name = await createTable(rows, batches, partitioned, deletionVectors);
          let model: readonly Row[] = rows;
          for (const step of steps) {
            if (step.kind === 'delete') {
              const result = await kit.rows(`DELETE FROM ${name} WHERE ${sql(step.pred)}`);
              const kept = model.filter((r) => evaluate(step.pred, r) !== true);
              expect(result).toEqual([[BigInt(model.length - kept.length)]]);
              model = kept;
            } else {
              const result = await kit.rows(`${UPDATE_SET.replace('<t>', name)} WHERE ${sql(step.pred)}`);
              const next = updateModel(model, step.pred);
              expect(result).toEqual([[BigInt(next.updated)]]);
              model = next.rows;
            }
          }
          expect(await tableRows(name)).toEqual([...model].sort((a, b) => a.id - b.id));
        },
      ),
      { numRuns: 8 },
    );
  });
});

const UPDATE_SET = "UPDATE <t> SET x = coalesce(x, 0) * 2 + 1, p = CASE WHEN p = 'a' THEN 'b' ELSE p END";

function updateModel(rows: readonly Row[], pred: Pred): { rows: Row[]; updated: number } {
  let updated = 0;
  const out = rows.map((r): Row => {
    if (evaluate(pred, r) !== true) return r;
    updated++;
    return { id: r.id, x: (r.x ?? 0) * 2 + 1, p: r.p === 'a' ? 'b' : r.p };
  });
  return { rows: out, updated };
}
