/**
 * extract / date_part / datepart end to end: Spark's field spellings (DatePart.parseExtractField), their
 * result types, and INVALID_EXTRACT_FIELD at analysis for a field Spark does not know.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-date-part-');

describe('extract and date_part', () => {
  it("selects each of Spark's fields, under each spelling", async () => {
    const ts = "TIMESTAMP'2021-01-03 05:06:07.123456'";
    expect(
      await fixture.rows(
        `SELECT extract(YEAR FROM DATE'2021-01-03'), extract(yrs FROM ${ts}), extract(YEAROFWEEK FROM DATE'2021-01-03'),
           extract(QTR FROM DATE'2021-01-03'), date_part('mon', DATE'2021-01-03'), extract(w FROM DATE'2021-01-03'),
           extract(DAYS FROM DATE'2021-01-03'), datepart('dow', DATE'2021-01-03'), extract(DOW_ISO FROM DATE'2021-01-03'),
           extract(doy FROM DATE'2021-01-03'), extract(h FROM ${ts}), extract(MINS FROM ${ts}), date_part('SECOND', ${ts})`,
      ),
    ).toEqual([[2021, 2021, 2020, 1, 1, 53, 3, 1, 7, 3, 5, 6, 7123456n]]);
  });

  it('types SECOND as decimal(8,6) and the other fields as int', async () => {
    expect(
      await fixture.rows(
        `SELECT typeof(extract(SECOND FROM TIMESTAMP'2021-01-03 05:06:59.999999')), typeof(extract(HOUR FROM DATE'2021-01-03')),
           extract(SECOND FROM TIMESTAMP'2021-01-03 05:06:59.999999') = 59.999999BD, date_part(NULL, DATE'2021-01-03')`,
      ),
    ).toEqual([['decimal(8,6)', 'int', true, null]]);
  });

  it("names its column as Spark's Extract does: the field as written, FROM, the source", async () => {
    const [result] = await fixture.session.execute(
      "SELECT extract(day FROM DATE'2020-01-05'), date_part('YEAR', DATE'2020-01-05'), EXTRACT(Hour FROM i) FROM VALUES (INTERVAL '1 02:03:04' DAY TO SECOND) AS t(i)",
    );
    const names = result?.kind === 'rows' ? result.columns.map((c) => c.name) : [];
    expect(names).toEqual([
      "extract(day FROM DATE '2020-01-05')",
      "date_part(YEAR, DATE '2020-01-05')",
      'extract(Hour FROM i)',
    ]);
  });

  it('an unknown field is INVALID_EXTRACT_FIELD at analysis, not an engine error', async () => {
    const e = await errorOf(fixture.session.execute(`SELECT extract(mm FROM DATE'2020-01-01')`));
    expect(e.errorClass).toBe('INVALID_EXTRACT_FIELD');
    expect(e.sqlState).toBe('42601');
    expect(e.messageParameters).toEqual({ field: '`mm`', expr: `"DATE '2020-01-01'"` });
    expect(e.message).toBe(
      `[INVALID_EXTRACT_FIELD] Cannot extract \`mm\` from "DATE '2020-01-01'". SQLSTATE: 42601`,
    );
    const p = await errorOf(
      fixture.session.execute(`SELECT date_part('fizz', d) FROM VALUES (DATE'2020-01-01') AS t(d)`),
    );
    expect(p.messageParameters).toEqual({ field: '`fizz`', expr: '"d"' });
  });

  it('the field must be a constant (NON_FOLDABLE_ARGUMENT)', async () => {
    const e = await errorOf(
      fixture.session.execute(`SELECT date_part(f, DATE'2020-01-01') FROM VALUES ('year') AS t(f)`),
    );
    expect(e.errorClass).toBe('NON_FOLDABLE_ARGUMENT');
    expect(e.messageParameters).toEqual({
      funcName: '`date_part`',
      paramName: '`field`',
      paramType: '"STRING"',
    });
  });
});
