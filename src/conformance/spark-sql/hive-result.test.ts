import { describe, expect, it } from 'vitest';
import {
  formatDescribeRow,
  isDescribeStatement,
  isShowNamesStatement,
  replaceNotIncludedMsg,
} from './hive-result.js';

describe('SQLQueryTestSuite text rewrites', () => {
  it('pads DESCRIBE rows to 20 characters, a null comment as empty', () => {
    expect(formatDescribeRow('c1', 'int', null)).toBe(
      `${'c1'.padEnd(20)}\t${'int'.padEnd(20)}\t${' '.repeat(20)}`,
    );
    expect(formatDescribeRow('# Detailed Table Information', '', '')).toBe(
      `# Detailed Table Information\t${' '.repeat(20)}\t${' '.repeat(20)}`,
    );
  });
  it('knows DESCRIBE and SHOW TABLES/VIEWS, not EXPLAIN DESC or SHOW TABLE EXTENDED', () => {
    expect(isDescribeStatement('DESC QUERY SELECT 1')).toBe(true);
    expect(isDescribeStatement('EXPLAIN DESC t')).toBe(false);
    expect(isShowNamesStatement('SHOW TABLES IN db')).toBe(true);
    expect(isShowNamesStatement("SHOW TABLE EXTENDED LIKE 't'")).toBe(false);
  });
  it('blanks times and warehouse paths', () => {
    expect(replaceNotIncludedMsg('Created Time\tMon Dec 07 09:06:47 PST 2026')).toBe(
      'Created Time [not included in comparison]',
    );
    expect(replaceNotIncludedMsg('Location\tfile:/tmp/lakesql-sqltests-ab12/t')).toBe(
      'Location [not included in comparison]/{warehouse_dir}/t',
    );
  });
});
