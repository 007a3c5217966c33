/**
 * `lakesql demo`: the main job of the README on the embedded warehouse. It creates a Delta table of the
 * seed's students (partitioned by subject), appends to it, reads it back at the latest version and at
 * version 0, and prints what it finds, so a new user sees a real `_delta_log` come to life.
 */
import path from 'node:path';
import { LakeSession } from '../api/lake-session.js';
import { field, IntegerType, StringType, struct } from '../types/data-types.js';
import { formatRows } from './format-rows.js';

const STUDENT = struct([
  field('StudentId', IntegerType),
  field('Name', StringType),
  field('Subject', StringType),
  field('Mark', IntegerType),
]);

const FIRST = [
  [1, 'Ram', 'science', 80],
  [1, 'Ram', 'maths', 90],
  [1, 'Ram', 'language', 85],
  [2, 'Tom', 'science', 72],
  [2, 'Tom', 'maths', 75],
  [2, 'Tom', 'science', 79],
];
const SECOND = [
  [3, 'Kim', 'science', 81],
  [3, 'Kim', 'maths', 92],
  [3, 'Kim', 'language', 89],
];

const rows = (data: (string | number)[][]) =>
  data.map(([StudentId, Name, Subject, Mark]) => ({ StudentId, Name, Subject, Mark }));

export async function runDemo(warehouse: string | undefined, print: (s: string) => void): Promise<void> {
  const session = await LakeSession.create(warehouse === undefined ? {} : { warehouse });
  try {
    const location = path.join(session.warehouseDir, 'demo_db.db', 'score');
    const table = session.deltaTable(location);
    const created = await table.write(rows(FIRST), {
      schema: STUDENT,
      mode: 'overwrite',
      partitionBy: ['Subject'],
    });
    print(`wrote ${created.numOutputRows} rows in ${created.numFiles} files: version ${created.version}`);
    const appended = await table.write(rows(SECOND), { schema: STUDENT, mode: 'append' });
    print(`appended ${appended.numOutputRows} rows: version ${appended.version}`);

    const latest = await table.read({ orderBy: ['"StudentId"', '"Subject"', '"Mark"'] });
    print(`\n${location} @ version ${latest.version}`);
    print(formatRows(latest.rows, ['StudentId', 'Name', 'Subject', 'Mark'], 'table'));

    const maths = await table.read({
      where: { kind: 'comparison', op: '=', column: ['Subject'], value: 'maths' },
      orderBy: ['"StudentId"'],
    });
    print(`\nWHERE Subject = 'maths' read ${maths.filesRead} of ${maths.filesTotal} files`);
    print(formatRows(maths.rows, ['StudentId', 'Name', 'Mark'], 'table'));

    const snapshot = await table.snapshot();
    print(
      `\nprotocol r${snapshot.protocol.minReaderVersion}/w${snapshot.protocol.minWriterVersion}, ` +
        `${snapshot.numFiles} live files, partitioned by ${snapshot.partitionColumns.join(', ')}`,
    );
  } finally {
    session.close();
  }
}
