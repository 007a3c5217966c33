/**
 * Seed 000, "Steps to Insert Modified Rows Keeping Original Data Intact": a target table and a lookup table
 * of new salaries, a temp table of the changed salaries built with a FULL OUTER JOIN, and the write-up's
 * PySpark script (here TypeScript, line by line) that reads both tables' columns with DESCRIBE TABLE and
 * builds the INSERT that appends the changed rows. The SQL is the write-up's own text, comments included.
 */
import type { LakeSession } from '../../api/lake-session.js';
import type { DemoTables } from './demo-state.js';
import type { DemoPrinter } from './printer.js';

const CREATE_TARGET = `CREATE TABLE IF NOT EXISTS employees_target1 (
    emp_id INT,
    name STRING,
    department STRING,
    salary DOUBLE
);`;

const INSERT_TARGET = `INSERT INTO employees_target1 VALUES 
(1, 'Alice', 'HR', 60000),   -- Will be updated (exists in lookup)
(2, 'Bob', 'IT', 70000),     -- No change
(3, 'Charlie', 'Finance', 80000),  -- No change
(4, 'David', 'IT', 75000),   -- No change
(5, 'Eve', 'Marketing', 65000), -- Will be updated (exists in lookup)
(6, 'Frank', 'Sales', 72000); -- No change`;

const CREATE_LOOKUP = `CREATE TABLE IF NOT EXISTS employees_lookup2 (
    emp_id INT,
    salary_new DOUBLE -- Reference salary for comparison
);`;

const INSERT_LOOKUP = `INSERT INTO employees_lookup2 VALUES 
(1, 80000),  -- Alice: Compare replace with 80K (should be updated)
(5, 90000);  -- Eve: Compare replace with 90K (should be updated)`;

const CREATE_TEMP = `CREATE OR REPLACE TABLE employees_temp_table1 AS 
SELECT 
    t.emp_id as match,
    COALESCE(l.salary_new, t.salary) AS salary  -- Use compare_salary from lookup
FROM employees_target1 t
FULL OUTER JOIN employees_lookup2 l
ON t.emp_id = l.emp_id
WHERE l.emp_id IS NOT NULL;  -- Only include rows where lookup exists`;

export async function walkSeed000(spark: LakeSession, tables: DemoTables, out: DemoPrinter): Promise<void> {
  out.seed('000', 'insert modified rows keeping the original data intact (Databricks SQL, then PySpark)');

  await spark.sql(CREATE_TARGET);
  await tables.created('default.employees_target1');
  await spark.sql(INSERT_TARGET);
  await out.step(
    'CREATE TABLE IF NOT EXISTS employees_target1 and INSERT INTO it: the six employees',
    await spark.sql('SELECT * FROM employees_target1 ORDER BY emp_id'),
  );

  await spark.sql(CREATE_LOOKUP);
  await tables.created('default.employees_lookup2');
  await spark.sql(INSERT_LOOKUP);
  await out.step(
    'CREATE TABLE IF NOT EXISTS employees_lookup2 and INSERT INTO it: the new salaries of Alice and Eve',
    await spark.sql('SELECT * FROM employees_lookup2 ORDER BY emp_id'),
  );

  await spark.sql(CREATE_TEMP);
  await tables.created('default.employees_temp_table1');
  await out.step(
    'CREATE OR REPLACE TABLE employees_temp_table1 AS SELECT … FULL OUTER JOIN employees_lookup2 … ' +
      'WHERE l.emp_id IS NOT NULL: the changed salaries',
    await spark.sql('SELECT * FROM employees_temp_table1 ORDER BY match'),
  );

  // target_columns = [row['col_name'] for row in spark.sql("DESCRIBE TABLE employees_target1").collect() if …]
  const targetColumns = (await (await spark.sql('DESCRIBE TABLE employees_target1')).collect())
    .map((row) => String(row.col_name))
    .filter((c) => c !== '');
  // temp_columns: the same for employees_temp_table1, without `match`
  const tempDescribe = await spark.sql('DESCRIBE TABLE employees_temp_table1');
  const tempColumns = (await tempDescribe.collect())
    .map((row) => String(row.col_name))
    .filter((c) => c !== '' && c !== 'match');
  await out.step(
    'DESCRIBE TABLE employees_temp_table1: every column but `match` is one the INSERT takes from the temp table',
    tempDescribe,
  );

  const columnsStr = targetColumns.join(', ');
  const valuesStr = targetColumns
    .map((col) => (tempColumns.includes(col) ? `temp.${col}` : `tgt.${col}`))
    .join(', ');
  const dynamicSqlQuery = `INSERT INTO employees_target1 (${columnsStr})
SELECT ${valuesStr}
FROM (
    SELECT DISTINCT match, ${tempColumns.join(', ')}
    FROM employees_temp_table1
) temp
JOIN employees_target1 tgt ON temp.match = tgt.emp_id
WHERE temp.match IS NOT NULL;`;
  await out.step(
    'the INSERT built from the two DESCRIBE TABLE results, and the rows it wrote:',
    await spark.sql(dynamicSqlQuery),
    dynamicSqlQuery.split('\n'),
  );

  await out.step(
    'SELECT * FROM employees_target1: 8 rows, the original six and the modified rows of Alice and Eve',
    await spark.sql('SELECT * FROM employees_target1 ORDER BY emp_id, salary'),
  );
}
