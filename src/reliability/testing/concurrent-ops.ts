/**
 * The op set of the concurrency suite: crash-ops.ts's writers less CTAS and VACUUM RETAIN 0 HOURS (which
 * may delete a concurrent writer's files before it commits, the hazard Delta's retention check exists for),
 * and with MERGE ids that only MERGEs write, so that no two ops can insert the same id: under Delta's
 * WriteSerializable a blind append racing a MERGE may otherwise add a row the MERGE would have matched.
 */
import type { TableModel } from './crash-ops.js';

export type ConcurrentOpKind = 'insert' | 'update' | 'delete' | 'merge' | 'overwrite' | 'optimize';

const KINDS: readonly ConcurrentOpKind[] = [
  'insert',
  'update',
  'insert',
  'delete',
  'merge',
  'overwrite',
  'optimize',
];

export function concurrentOpKind(k: number): ConcurrentOpKind {
  return KINDS[k % KINDS.length]!;
}

const mergeIds = (k: number) => [k * 10 + 5, (k - KINDS.length) * 10 + 5] as const;

/** The ids a blind append (an INSERT op) adds. */
export const insertedIds = (k: number) => [k * 10 + 1, k * 10 + 2, k * 10 + 3];

export function concurrentOpSql(k: number, table: string): string {
  switch (concurrentOpKind(k)) {
    case 'insert':
      return `INSERT INTO ${table} VALUES ${insertedIds(k)
        .map((id) => `(${id}, ${k})`)
        .join(', ')}`;
    case 'update':
      return `UPDATE ${table} SET v = v + 1 WHERE id % 3 = ${k % 3}`;
    case 'delete':
      return `DELETE FROM ${table} WHERE id % 7 = ${k % 7}`;
    case 'merge': {
      const [a, b] = mergeIds(k);
      return (
        `MERGE INTO ${table} t USING (SELECT * FROM VALUES (${a}, 100), (${b}, 7) AS s(id, v)) s ON t.id = s.id ` +
        'WHEN MATCHED THEN UPDATE SET v = t.v + s.v WHEN NOT MATCHED THEN INSERT (id, v) VALUES (s.id, s.v)'
      );
    }
    case 'overwrite':
      return `INSERT OVERWRITE ${table} SELECT id, v + 1000 FROM ${table} WHERE id % 5 <> ${k % 5}`;
    case 'optimize':
      return `OPTIMIZE ${table}`;
  }
}

export function applyConcurrentOp(k: number, model: TableModel): TableModel {
  const next = new Map(model);
  switch (concurrentOpKind(k)) {
    case 'insert':
      for (const id of insertedIds(k)) next.set(id, k);
      return next;
    case 'update':
      for (const [id, v] of model) if (id % 3 === k % 3) next.set(id, v + 1);
      return next;
    case 'delete':
      for (const id of model.keys()) if (id % 7 === k % 7) next.delete(id);
      return next;
    case 'merge': {
      const [a, b] = mergeIds(k);
      next.set(a, (model.get(a) ?? 0) + 100);
      next.set(b, (model.get(b) ?? 0) + 7);
      return next;
    }
    case 'overwrite': {
      const out: TableModel = new Map();
      for (const [id, v] of model) if (id % 5 !== k % 5) out.set(id, v + 1000);
      return out;
    }
    case 'optimize':
      return next;
  }
}
