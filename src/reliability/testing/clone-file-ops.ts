/**
 * The writers of the clone and file-table crash suite: op `k` on source table `t` (a Delta table of
 * SOURCE_ROWS rows that no op changes) is a SHALLOW or DEEP CLONE of it into a new table, or an INSERT of
 * FILE_ROWS rows into the file tables `t_parquet` (USING parquet) and `t_csv` (USING csv). (`INSERT INTO
 * parquet.\`dir\`` is not supported: SCHEMA_NOT_FOUND.)
 * A clone must end absent or complete; a file-table INSERT must add all of its rows or none.
 */
export type CloneFileOpKind = 'shallow' | 'deep' | 'parquet' | 'csv';

const KINDS: readonly CloneFileOpKind[] = ['shallow', 'parquet', 'deep', 'csv'];

export const SOURCE_ROWS = 2_000;
export const FILE_ROWS = 20_000;

export function cloneFileOpKind(k: number): CloneFileOpKind {
  return KINDS[k % KINDS.length]!;
}

/** The table op `k` on `table` creates when it is a clone. */
export const cloneTable = (k: number, table: string) => `${table}_clone_${k}`;

/** The statement of op `k`. */
export function cloneFileOpSql(k: number, table: string): string {
  const rows = `SELECT id, id * 2 AS v FROM range(${k * FILE_ROWS}, ${(k + 1) * FILE_ROWS}) AS r(id)`;
  switch (cloneFileOpKind(k)) {
    case 'shallow':
      return `CREATE TABLE ${cloneTable(k, table)} SHALLOW CLONE ${table}`;
    case 'deep':
      return `CREATE TABLE ${cloneTable(k, table)} DEEP CLONE ${table}`;
    case 'parquet':
    case 'csv':
      return `INSERT INTO ${table}_${cloneFileOpKind(k)} ${rows}`;
  }
}
