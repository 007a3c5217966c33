/**
 * The two text rewrites SQLQueryTestSuite applies to a statement's rows before it compares them, beside the
 * per-value HiveResult formatting (exec/value-format):
 *   - `HiveResult.hiveResultString` shapes some commands' rows: DESCRIBE's (col_name, data_type, comment)
 *     rows are padded to 20 characters each (`%-20s`, a null comment as ''), and SHOW TABLES / SHOW VIEWS
 *     print only the name column, as Hive does;
 *   - `SQLQueryTestHelper.replaceNotIncludedMsg` blanks what differs between runs (creation times, the
 *     warehouse folder).
 */
import { WAREHOUSE_PREFIX } from './sql-session.js';

const NOT_INCLUDED = '[not included in comparison]';

/** The statement's leading keywords, past comments and parentheses, upper-cased. */
function leadingWords(sql: string, count: number): string[] {
  const text = sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
  return (text.match(/[A-Za-z_]+/g) ?? []).slice(0, count).map((w) => w.toUpperCase());
}

/** DESCRIBE [TABLE|QUERY] ... (DescribeCommandBase / DescribeTableExec); EXPLAIN DESC is not one. */
export function isDescribeStatement(sql: string): boolean {
  const [first] = leadingWords(sql, 1);
  return first === 'DESC' || first === 'DESCRIBE';
}

/** SHOW TABLES (not SHOW TABLE EXTENDED) and SHOW VIEWS: Hive prints only the names. */
export function isShowNamesStatement(sql: string): boolean {
  const [first, second] = leadingWords(sql, 2);
  return first === 'SHOW' && (second === 'TABLES' || second === 'VIEWS');
}

/** `String.format("%-20s", s)` of each of DESCRIBE's three columns, joined by tabs. */
export function formatDescribeRow(name: string, dataType: string, comment: string | null): string {
  return [name, dataType, comment ?? ''].map((s) => s.padEnd(20)).join('\t');
}

const WAREHOUSE_PATH = new RegExp(`Location.*${WAREHOUSE_PREFIX}[^/]*/`, 'g');
const WAREHOUSE_URI = new RegExp(`file:[^\\s,]*${WAREHOUSE_PREFIX}[^/\\s,]*`, 'g');

export function replaceNotIncludedMsg(line: string): string {
  return line
    .replace(/#\d+/g, '#x')
    .replace(/plan_id=\d+/g, 'plan_id=x')
    .replace(WAREHOUSE_PATH, `Location ${NOT_INCLUDED}/{warehouse_dir}/`)
    .replace(WAREHOUSE_URI, `file:${NOT_INCLUDED}/{warehouse_dir}`)
    .replace(/Created By.*/g, `Created By ${NOT_INCLUDED}`)
    .replace(/Created Time.*/g, `Created Time ${NOT_INCLUDED}`)
    .replace(/Last Access.*/g, `Last Access ${NOT_INCLUDED}`)
    .replace(/Partition Statistics\t\d+/g, `Partition Statistics\t${NOT_INCLUDED}`)
    .replace(/\*\(\d+\) /g, '*');
}
