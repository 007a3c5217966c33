/**
 * The writers the crash and concurrency suites run, each numbered op `k` a statement on table `t (id BIGINT,
 * v BIGINT)` and the same change applied to a model kept in TypeScript. Every statement records
 * `op-<k>` as its commits' userMetadata, so that which ops landed is read from the log, not guessed from the
 * writer's output (a writer killed after its commit and before it said so still landed).
 */

/** The table as the model has it: id -> v (ids are unique by construction). */
export type TableModel = Map<number, number>;

export type OpKind = 'insert' | 'update' | 'delete' | 'merge' | 'overwrite' | 'ctas' | 'optimize' | 'vacuum';

const KINDS: readonly OpKind[] = [
  'insert',
  'update',
  'insert',
  'delete',
  'merge',
  'overwrite',
  'ctas',
  'optimize',
  'vacuum',
];

export function opKind(k: number): OpKind {
  return KINDS[k % KINDS.length]!;
}

/** The userMetadata op `k`'s commits record. */
export const opTag = (k: number) => `op-${k}`;

/** The table op `k` on `table` creates when it is a CTAS (one name per source table: chains run at once). */
export const ctasTable = (k: number, table: string) => `${table}_c_${k}`;

/** The statements of op `k` (after its `SET …userMetadata`). */
export function opSql(k: number, table: string): string {
  switch (opKind(k)) {
    case 'insert':
      return `INSERT INTO ${table} VALUES (${k * 10 + 1}, ${k}), (${k * 10 + 2}, ${k}), (${k * 10 + 3}, ${k})`;
    case 'update':
      return `UPDATE ${table} SET v = v + 1 WHERE id % 3 = ${k % 3}`;
    case 'delete':
      return `DELETE FROM ${table} WHERE id % 7 = ${k % 7}`;
    case 'merge':
      return (
        `MERGE INTO ${table} t USING (SELECT * FROM VALUES (${k * 10 + 1}, 100), (${(k - 4) * 10 + 2}, 7) AS s(id, v)) s ` +
        'ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = t.v + s.v WHEN NOT MATCHED THEN INSERT (id, v) VALUES (s.id, s.v)'
      );
    case 'overwrite':
      return `INSERT OVERWRITE ${table} SELECT id, v + 1000 FROM ${table} WHERE id % 5 <> ${k % 5}`;
    case 'ctas':
      return `CREATE TABLE ${ctasTable(k, table)} AS SELECT id, v FROM ${table}`;
    case 'optimize':
      return `OPTIMIZE ${table}`;
    case 'vacuum':
      return `VACUUM ${table} RETAIN 0 HOURS`;
  }
}

/** The model after op `k`: the rows it changes (a CTAS, OPTIMIZE or VACUUM changes none of `t`'s). */
export function applyOp(k: number, model: TableModel): TableModel {
  const next = new Map(model);
  switch (opKind(k)) {
    case 'insert':
      for (const i of [1, 2, 3]) next.set(k * 10 + i, k);
      return next;
    case 'update':
      for (const [id, v] of model) if (id % 3 === k % 3) next.set(id, v + 1);
      return next;
    case 'delete':
      for (const id of model.keys()) if (id % 7 === k % 7) next.delete(id);
      return next;
    case 'merge':
      for (const [id, v] of [
        [k * 10 + 1, 100],
        [(k - 4) * 10 + 2, 7],
      ] as const) {
        next.set(id, (model.get(id) ?? 0) + v);
      }
      return next;
    case 'overwrite': {
      const out: TableModel = new Map();
      for (const [id, v] of model) if (id % 5 !== k % 5) out.set(id, v + 1000);
      return out;
    }
    case 'ctas':
    case 'optimize':
    case 'vacuum':
      return next;
  }
}

/** The model's rows as `SELECT id, v … ORDER BY id` returns them. */
export function modelRows(model: TableModel): number[][] {
  return [...model].sort((a, b) => a[0] - b[0]).map(([id, v]) => [id, v]);
}
