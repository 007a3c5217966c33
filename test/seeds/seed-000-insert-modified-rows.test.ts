/**
 * Seed 000 (a user write-up, its SQL copied into src/sql/testing/seed-sql.ts): "Steps to Insert Modified
 * Rows Keeping Original Data Intact".
 * The write-up's SQL runs unchanged; its PySpark script is translated line by line to TypeScript.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../src/api/lake-session.js';

let warehouse: string;
let spark: LakeSession;

beforeAll(async () => {
  warehouse = await mkdtemp(path.join(os.tmpdir(), 'lakesql-seed000-'));
  spark = await LakeSession.builder()
    .appName('Databricks-Merge')
    .config('spark.sql.warehouse.dir', warehouse)
    .getOrCreate();
});

afterAll(async () => {
  await spark.stop();
  await rm(warehouse, { recursive: true, force: true });
});

describe('seed 000: insert modified rows keeping the original data', () => {
  it('runs the write-up end to end and ends with 8 rows', async () => {
    // Step 1: create and populate the tables (SQL exactly as written, comments included).
    await spark.sql(`CREATE TABLE IF NOT EXISTS employees_target1 (
    emp_id INT,
    name STRING,
    department STRING,
    salary DOUBLE
)`);
    await spark.sql(`INSERT INTO employees_target1 VALUES 
(1, 'Alice', 'HR', 60000),   -- Will be updated (exists in lookup)
(2, 'Bob', 'IT', 70000),     -- No change
(3, 'Charlie', 'Finance', 80000),  -- No change
(4, 'David', 'IT', 75000),   -- No change
(5, 'Eve', 'Marketing', 65000), -- Will be updated (exists in lookup)
(6, 'Frank', 'Sales', 72000); -- No change`);
    await spark.sql(`CREATE TABLE IF NOT EXISTS employees_lookup2 (
    emp_id INT,
    salary_new DOUBLE -- Reference salary for comparison
)`);
    await spark.sql(`INSERT INTO employees_lookup2 VALUES 
(1, 80000),  -- Alice: Compare replace with 80K (should be updated)
(5, 90000);  -- Eve: Compare replace with 90K (should be updated)`);

    // Step 2: the temp table of changed values, built with a FULL OUTER JOIN.
    await spark.sql(`CREATE OR REPLACE TABLE employees_temp_table1 AS 
SELECT 
    t.emp_id as match,
    COALESCE(l.salary_new, t.salary) AS salary  -- Use compare_salary from lookup
FROM employees_target1 t
FULL OUTER JOIN employees_lookup2 l
ON t.emp_id = l.emp_id
WHERE l.emp_id IS NOT NULL;  -- Only include rows where lookup exists`);
    const temp = await (await spark.sql('SELECT * FROM employees_temp_table1 ORDER BY match')).collect();
    expect(temp).toEqual([
      { match: 1, salary: 80000 },
      { match: 5, salary: 90000 },
    ]);

    // Step 3: the PySpark script, line by line.
    const targetColumnsDf = await spark.sql('DESCRIBE TABLE employees_target1');
    const targetColumns = (await targetColumnsDf.collect())
      .map((row) => row.col_name as string)
      .filter((c) => c !== '');
    const tempColumnsDf = await spark.sql('DESCRIBE TABLE employees_temp_table1');
    const tempColumns = (await tempColumnsDf.collect())
      .map((row) => row.col_name as string)
      .filter((c) => c !== '' && c !== 'match');
    const columnsStr = targetColumns.join(', ');
    const valuesStr = targetColumns
      .map((col) => (tempColumns.includes(col) ? `temp.${col}` : `tgt.${col}`))
      .join(', ');
    const dynamicSqlQuery = `
INSERT INTO employees_target1 (${columnsStr})
SELECT ${valuesStr}
FROM (
    SELECT DISTINCT match, ${tempColumns.join(', ')}
    FROM employees_temp_table1
) temp
JOIN employees_target1 tgt ON temp.match = tgt.emp_id
WHERE temp.match IS NOT NULL;
`;
    expect(targetColumns).toEqual(['emp_id', 'name', 'department', 'salary']);
    expect(tempColumns).toEqual(['salary']);
    await spark.sql(dynamicSqlQuery);

    const after = await (
      await spark.sql('SELECT * FROM employees_target1 ORDER BY emp_id, salary')
    ).collect();
    expect(after).toEqual([
      { emp_id: 1, name: 'Alice', department: 'HR', salary: 60000 },
      { emp_id: 1, name: 'Alice', department: 'HR', salary: 80000 },
      { emp_id: 2, name: 'Bob', department: 'IT', salary: 70000 },
      { emp_id: 3, name: 'Charlie', department: 'Finance', salary: 80000 },
      { emp_id: 4, name: 'David', department: 'IT', salary: 75000 },
      { emp_id: 5, name: 'Eve', department: 'Marketing', salary: 65000 },
      { emp_id: 5, name: 'Eve', department: 'Marketing', salary: 90000 },
      { emp_id: 6, name: 'Frank', department: 'Sales', salary: 72000 },
    ]);
  });
});
