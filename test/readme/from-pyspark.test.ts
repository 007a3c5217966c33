/**
 * README's "From PySpark" section runs as written: its TypeScript blocks are taken from README.md itself,
 * with only the package name `lakesql` pointed at src/index.ts, and run in a temporary working directory
 * holding what seed 001 starts from (dbfs/FileStore/sample_data/sampleStudent.csv and the ORC student files),
 * so ./lakesql-warehouse and ./dbfs are that directory's.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOrcFile } from '../../src/formats/orc/writer/index.js';
import * as lakesql from '../../src/index.js';
import { parseSchemaDdl } from '../../src/plan/types/parse-data-type.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const SAMPLE_STUDENT = `StudentId,Name,Subject,Mark
1,Ram,science,80
1,Ram,maths,90
1,Ram,language,85
2,Tom,science,72
2,Tom,maths,75
2,Tom,science,79
3,Kim,science,81
3,Kim,maths,92
3,Kim,language,89
`;
const STUDENTS = [
  { StudentId: 1, Name: 'Ram', Subject: 'language', Mark: 85 },
  { StudentId: 1, Name: 'Ram', Subject: 'maths', Mark: 90 },
  { StudentId: 1, Name: 'Ram', Subject: 'science', Mark: 80 },
  { StudentId: 2, Name: 'Tom', Subject: 'maths', Mark: 75 },
  { StudentId: 2, Name: 'Tom', Subject: 'science', Mark: 72 },
  { StudentId: 2, Name: 'Tom', Subject: 'science', Mark: 79 },
  { StudentId: 3, Name: 'Kim', Subject: 'language', Mark: 89 },
  { StudentId: 3, Name: 'Kim', Subject: 'maths', Mark: 92 },
  { StudentId: 3, Name: 'Kim', Subject: 'science', Mark: 81 },
];

/** The fenced blocks of README's "From PySpark" section, in order, with their language. */
async function fromPySparkBlocks(): Promise<{ lang: string; code: string }[]> {
  const readme = await readFile(path.join(repo, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## From PySpark\n');
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}

let dir: string;
let cwd: string;

/** Writes `code` as a module in the working directory, `lakesql` resolved to this repository, and runs it. */
async function runModule(name: string, code: string): Promise<Record<string, unknown>> {
  const index = pathToFileURL(path.join(repo, 'src/index.ts')).href;
  const file = path.join(dir, name);
  await writeFile(file, code.replaceAll("from 'lakesql'", `from '${index}'`));
  return import(pathToFileURL(file).href);
}

async function writeStudents(name: string, rows: (readonly [number, string, string, number])[]) {
  const folder = path.join(dir, 'dbfs/FileStore/sample_data/student_data');
  await mkdir(folder, { recursive: true });
  const schema = parseSchemaDdl('StudentId int, Name string, Subject string, Mark int');
  await writeFile(
    path.join(folder, name),
    await writeOrcFile(
      schema,
      rows.map((r) => [...r]),
    ),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lakesql-readme-'));
  await mkdir(path.join(dir, 'dbfs/FileStore/sample_data'), { recursive: true });
  await writeFile(path.join(dir, 'dbfs/FileStore/sample_data/sampleStudent.csv'), SAMPLE_STUDENT);
  await writeStudents(
    'part-00000.orc',
    SAMPLE_STUDENT.trim()
      .split('\n')
      .slice(1)
      .map((line) => {
        const [id, name, subject, mark] = line.split(',');
        return [Number(id), name!, subject!, Number(mark)] as const;
      }),
  );
  cwd = process.cwd();
  process.chdir(dir);
});

afterAll(async () => {
  (await lakesql.LakeSession.builder().getOrCreate()).stop();
  process.chdir(cwd);
  await rm(dir, { recursive: true, force: true });
});

describe("README's From PySpark section", () => {
  it('holds the import line, the Python seed and its TypeScript port', async () => {
    const blocks = await fromPySparkBlocks();
    expect(blocks.map((b) => b.lang)).toEqual(['ts', 'python', 'ts', 'ts']);
    const names = /^import \{ ([^}]+) \} from 'lakesql';\n$/.exec(blocks[0]!.code)![1]!.split(', ');
    for (const name of names) expect(Object.keys(lakesql)).toContain(name.split(' ')[0]);
  });

  it('the TypeScript port of seed 001 runs and upserts the ORC rows into demo_db.score', async () => {
    const blocks = await fromPySparkBlocks();
    await runModule('seed-001-port.ts', blocks[2]!.code);
    const spark = await lakesql.LakeSession.builder().getOrCreate();
    expect(spark.warehouseDir).toBe(path.join(dir, 'lakesql-warehouse'));
    const rows = await (
      await spark.sql('SELECT * FROM demo_db.score ORDER BY StudentId, Subject, Mark')
    ).collect();
    expect(rows).toEqual(STUDENTS);
    const history = await (await spark.sql('DESCRIBE HISTORY demo_db.score')).collect();
    expect(history.map((h) => [h.version, h.operation])).toEqual([
      [2n, 'MERGE'],
      [1n, 'DELETE'],
      [0n, 'WRITE'],
    ]);
    const [detail] = await (await spark.sql('DESCRIBE DETAIL demo_db.score')).collect();
    expect(detail!.location).toBe(`file:${path.join(dir, 'tmp/demo_score')}`);
  });

  it('the DeltaTable batch function upserts new files on the same checkpoint', async () => {
    const blocks = await fromPySparkBlocks();
    const { upsertWithDeltaTable } = await runModule(
      'upsert-with-delta-table.ts',
      `import { type DataFrame, DeltaTable } from 'lakesql';\n${blocks[3]!.code}\nexport { upsertWithDeltaTable };\n`,
    );
    const spark = await lakesql.LakeSession.builder().getOrCreate();
    const run = async () => {
      const query = await spark.readStream
        .schema('StudentId int, Name string, Subject string, Mark int')
        .format('orc')
        .load('/dbfs/FileStore/sample_data/student_data/')
        .writeStream.trigger({ once: true })
        .option('checkpointLocation', '/dbfs/FileStore/sample_data/update_tbl/')
        .foreachBatch(upsertWithDeltaTable as lakesql.BatchFunction)
        .start();
      await query.awaitTermination();
      return query.lastProgress;
    };
    await writeStudents('part-00001.orc', [[4, 'Ann', 'science', 70]]);
    expect(await run()).toMatchObject({ batchId: 1, numInputRows: 1 });
    await writeStudents('part-00002.orc', [[4, 'Ann', 'maths', 88]]);
    expect(await run()).toMatchObject({ batchId: 2, numInputRows: 1 });
    const ann = await (await spark.sql('SELECT * FROM demo_db.score WHERE StudentId = 4')).collect();
    expect(ann).toEqual([{ StudentId: 4, Name: 'Ann', Subject: 'maths', Mark: 88 }]);
    const [last] = await (await spark.sql('DESCRIBE HISTORY demo_db.score LIMIT 1')).collect();
    expect(Object.fromEntries(last!.operationMetrics as Map<string, string>)).toMatchObject({
      numSourceRows: '1',
      numTargetRowsUpdated: '1',
      numTargetRowsInserted: '0',
    });
  });
});
