/**
 * from_csv, to_csv and schema_of_csv end to end: Spark's CSV parsing and writing rules (UnivocityParser /
 * UnivocityGenerator with CSVOptions' defaults), PERMISSIVE partial results and FAILFAST, and the analysis
 * errors of their schema and options arguments.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-csv-functions-');

describe('from_csv', () => {
  it('converts each token to its field type, a float through Java parseFloat (which trims)', async () => {
    const [result] = await fixture.session.execute("SELECT from_csv('1, 3.14', 'a INT, f FLOAT') AS s");
    expect(result?.kind === 'rows' && result.columns.map((c) => c.type)).toEqual([
      {
        kind: 'struct',
        fields: [
          { name: 'a', type: { kind: 'primitive', name: 'integer' }, nullable: true, metadata: {} },
          { name: 'f', type: { kind: 'primitive', name: 'float' }, nullable: true, metadata: {} },
        ],
      },
    ]);
    expect(
      await fixture.rows(
        "SELECT s.a, CAST(s.f AS STRING) FROM (SELECT from_csv('1, 3.14', 'a INT, f FLOAT') AS s)",
      ),
    ).toEqual([[1, '3.14']]);
  });

  it('reads quoted fields, NULLs, dates, timestamps and decimals; keeps a partial result and the corrupt record', async () => {
    const rows = await fixture.rows(
      `SELECT s.a, s.b, s.c, s.d, CAST(s.e AS STRING), CAST(s.f AS STRING), CAST(s.g AS STRING), s._corrupt_record
       FROM (SELECT from_csv('x,2,"a,b",,2020-01-02,2021-03-04 05:06:07,1.555', 'a INT, b BIGINT, c STRING, d STRING, e DATE, f TIMESTAMP, g DECIMAL(5,2), _corrupt_record STRING') AS s)`,
    );
    expect(rows).toEqual([
      [
        null,
        2n,
        'a,b',
        null,
        '2020-01-02',
        '2021-03-04 05:06:07',
        '1.56',
        'x,2,"a,b",,2020-01-02,2021-03-04 05:06:07,1.555',
      ],
    ]);
  });

  it('a record with fewer tokens than fields fills NULLs; the options choose the delimiter and patterns', async () => {
    expect(
      await fixture.rows(
        `SELECT from_csv('1', 'a INT, b INT').b,
                CAST(from_csv('26/08/2015', 'time TIMESTAMP', map('timestampFormat', 'dd/MM/yyyy')).time AS STRING),
                from_csv('7|x', 'a INT, b STRING', map('sep', '|')).b,
                from_csv(NULL, 'a INT') IS NULL`,
      ),
    ).toEqual([[null, '2015-08-26 00:00:00', 'x', true]]);
  });

  it('reads the schema schema_of_csv infers', async () => {
    expect(await fixture.rows("SELECT to_json(from_csv('1,abc', schema_of_csv('1,abc')))")).toEqual([
      ['{"_c0":1,"_c1":"abc"}'],
    ]);
  });

  it('FAILFAST fails on a malformed record with MALFORMED_RECORD_IN_PARSING', async () => {
    const e = await errorOf(
      fixture.session.execute(
        "SELECT from_csv(s, 'a INT, b INT', map('mode', 'FAILFAST')) FROM VALUES ('x,2') AS t(s)",
      ),
    );
    expect(e.errorClass).toBe('MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION');
    expect(e.messageParameters).toEqual({ badRecord: 'x,2', failFastMode: 'FAILFAST' });
  });

  it('refuses what Spark refuses at analysis', async () => {
    const cases: [string, string][] = [
      ["SELECT from_csv('1', 1)", 'INVALID_SCHEMA.NON_STRING_LITERAL'],
      ["SELECT from_csv('1', 'INT')", 'INVALID_SCHEMA.NON_STRUCT_TYPE'],
      ["SELECT from_csv('1', 'a ARRAY<INT>')", 'UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE'],
      [
        "SELECT from_csv('1', 'a INT', named_struct('mode', 'PERMISSIVE'))",
        'INVALID_OPTIONS.NON_MAP_FUNCTION',
      ],
      ["SELECT from_csv('1', 'a INT', map('mode', 1))", 'INVALID_OPTIONS.NON_STRING_TYPE'],
      ["SELECT from_csv('1', 'a INT', map('mode', 'DROPMALFORMED'))", 'PARSE_MODE_UNSUPPORTED'],
      ['SELECT from_csv()', 'WRONG_NUM_ARGS.WITHOUT_SUGGESTION'],
    ];
    for (const [sql, errorClass] of cases) {
      expect((await errorOf(fixture.session.execute(sql))).errorClass, sql).toBe(errorClass);
    }
    const e = await errorOf(fixture.session.execute("SELECT from_csv('1', 'INT')"));
    expect(e.messageParameters).toEqual({ inputSchema: '"INT"', dataType: '"INT"' });
  });
});

describe('schema_of_csv', () => {
  it('infers the types of one record, named _c0, _c1, …', async () => {
    expect(
      await fixture.rows(
        "SELECT schema_of_csv('1,abc'), schema_of_csv('1|abc', map('delimiter', '|')), schema_of_csv('1.5,true,2020-01-01,,9999999999')",
      ),
    ).toEqual([
      [
        'STRUCT<_c0: INT, _c1: STRING>',
        'STRUCT<_c0: INT, _c1: STRING>',
        'STRUCT<_c0: DOUBLE, _c1: BOOLEAN, _c2: DATE, _c3: STRING, _c4: BIGINT>',
      ],
    ]);
  });

  it('needs a constant, non-NULL argument', async () => {
    const n = await errorOf(fixture.session.execute('SELECT schema_of_csv(NULL)'));
    expect(n.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_NULL');
    expect(n.messageParameters).toEqual({ sqlExpr: '"schema_of_csv(NULL)"', exprName: 'csv' });
    const f = await errorOf(fixture.session.execute("SELECT schema_of_csv(s) FROM VALUES ('1,abc') AS t(s)"));
    expect(f.errorClass).toBe('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT');
  });
});

describe('to_csv', () => {
  it('writes fields as UnivocityGenerator does: trimmed, quoted and escaped only when needed', async () => {
    expect(
      await fixture.rows(
        `SELECT to_csv(named_struct('a', 1, 'b', 2)),
                to_csv(named_struct('a', ' x"y ', 'b', CAST(NULL AS INT), 'c', '', 'd', 'p,q', 'e', 1.5D, 'f', DATE'2020-01-02', 'g', 1.10BD)),
                to_csv(named_struct('time', to_timestamp('2015-08-26', 'yyyy-MM-dd')), map('timestampFormat', 'dd/MM/yyyy')),
                to_csv(named_struct('a', 'x', 'b', 'y'), map('sep', ';', 'quoteAll', 'true')),
                to_csv(CAST(NULL AS STRUCT<a: INT>))`,
      ),
    ).toEqual([['1,2', '"x\\"y",,"","p,q",1.5,2020-01-02,1.10', '26/08/2015', '"x";"y"', null]]);
  });

  it('writes timestamps in its default pattern, in the session time zone', async () => {
    expect(await fixture.rows("SELECT to_csv(named_struct('t', TIMESTAMP'2015-08-26 01:02:03.5'))")).toEqual([
      ['2015-08-26T01:02:03.500Z'],
    ]);
  });

  it('refuses a value that is not a struct of atomic fields', async () => {
    const e = await errorOf(fixture.session.execute("SELECT to_csv(named_struct('a', array(1)))"));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNSUPPORTED_INPUT_TYPE');
    expect(e.messageParameters).toEqual({
      sqlExpr: '"to_csv(named_struct(a, array(1)))"',
      functionName: '`to_csv`',
      dataType: '"STRUCT<a: ARRAY<INT>>"',
    });
  });
});
