/**
 * from_json converts as Spark's JacksonParser does (a token only to the types that can hold it, partial
 * results in structs, a failed element failing its array), and schema_of_json is folded at analysis.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-from-json-');

const one = async (sql: string) => (await fx.rows(`SELECT ${sql}`))[0]![0];
/** A struct value as the engine hands rows back. */
const row = (fields: Record<string, unknown>) => ({ kind: 'struct', fields });

describe('from_json', () => {
  it('reads a struct from a column list or a STRUCT type, and arrays and maps from their types', async () => {
    expect(await one(`from_json('{"a":1}', 'a INT')`)).toEqual(row({ a: 1 }));
    expect(await one(`from_json('{"a":1, "b":"2"}', 'struct<a:int,b:string>')`)).toEqual(
      row({ a: 1, b: '2' }),
    );
    expect(await one(`from_json('{"a":1, "b":2}', 'map<string, int>')`)).toEqual({
      kind: 'map',
      entries: [
        ['a', 1],
        ['b', 2],
      ],
    });
    expect(await one(`from_json('[1, 2, null]', 'array<int>')`)).toEqual([1, 2, null]);
    expect(await one(`from_json('[null, {"a":2}]', 'array<struct<a:int>>')`)).toEqual([null, row({ a: 2 })]);
    expect(await one(`from_json('{"a": 1}', 'array<struct<a:int>>')`)).toEqual([row({ a: 1 })]);
  });

  it('converts a token only to a type that holds it, keeping a struct’s other fields', async () => {
    expect(
      await one(
        `from_json('{"a":"x","b":{"c":[1,2]},"d":1.255,"e":true,"f":"NaN","g":3.5,"h":"AQI=","i":300}',
           'a INT, b STRING, d DECIMAL(3,2), e BOOLEAN, f DOUBLE, g BIGINT, h BINARY, i TINYINT, j STRING')`,
      ),
    ).toEqual(
      row({
        a: null,
        b: '{"c":[1,2]}',
        d: 126n,
        e: true,
        f: Number.NaN,
        g: null,
        h: new Uint8Array([1, 2]),
        i: null,
        j: null,
      }),
    );
    expect(await one(`from_json('[1, "2", 3]', 'array<int>')`)).toBeNull();
    expect(await one(`from_json('[{"a": 1}, 2]', 'array<map<string,int>>')`)).toBeNull();
    expect(await one(`from_json('{"m": {"x": 1, "y": "z"}, "n": 2}', 'm MAP<STRING, INT>, n INT')`)).toEqual(
      row({ m: null, n: 2 }),
    );
  });

  it('reads dates and timestamps as CAST does, or in the given patterns, and integer seconds', async () => {
    expect(
      await one(
        `to_json(from_json('{"d":"2020-01-02","t":"2020-01-02 03:04:05","s":0}', 'd DATE, t TIMESTAMP, s TIMESTAMP'))`,
      ),
    ).toBe('{"d":"2020-01-02","t":"2020-01-02T03:04:05.000Z","s":"1970-01-01T00:00:00.000Z"}');
    expect(
      await one(
        `to_json(from_json('{"time":"26/08/2015","d":"08/2015"}', 'time Timestamp, d DATE',
           map('timestampFormat', 'dd/MM/yyyy', 'dateFormat', 'MM/yyyy')))`,
      ),
    ).toBe('{"time":"2015-08-26T00:00:00.000Z","d":"2015-08-01"}');
  });

  it('gives a malformed record as a struct of NULLs with the corrupt record, NULL for arrays, or fails', async () => {
    expect(await one(`from_json('{"a" 1}', 'a INT')`)).toEqual(row({ a: null }));
    expect(await one(`from_json('[1]', 'a INT')`)).toEqual(row({ a: null }));
    expect(await one(`from_json('{"a" 1}', 'a INT, _corrupt_record STRING')`)).toEqual(
      row({ a: null, _corrupt_record: '{"a" 1}' }),
    );
    expect(await one(`from_json('{"a":1}', 'array<int>')`)).toBeNull();
    expect(
      await fx.rows(`SELECT from_json(CAST(NULL AS STRING), 'a INT'), from_json('  ', 'a INT')`),
    ).toEqual([[null, null]]);
    expect(
      await errorOf(fx.rows(`SELECT from_json('{"a" 1}', 'a INT', map('mode', 'FAILFAST'))`)),
    ).toMatchObject({
      errorClass: 'MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION',
    });
  });

  it('refuses schemas and modes Spark refuses', async () => {
    expect(await errorOf(fx.rows(`SELECT from_json('{"a":1}', 1)`))).toMatchObject({
      errorClass: 'INVALID_SCHEMA.NON_STRING_LITERAL',
      messageParameters: { inputSchema: '"1"' },
    });
    expect(await errorOf(fx.rows(`SELECT from_json('{"a":1}', 'a InvalidType')`))).toMatchObject({
      errorClass: 'UNSUPPORTED_DATATYPE',
    });
    expect(await errorOf(fx.rows(`SELECT from_json('1', 'int')`))).toMatchObject({
      errorClass: 'DATATYPE_MISMATCH.INVALID_JSON_SCHEMA',
    });
    expect(await errorOf(fx.rows(`SELECT from_json('{}', 'map<int, int>')`))).toMatchObject({
      errorClass: 'DATATYPE_MISMATCH.INVALID_JSON_MAP_KEY_TYPE',
    });
    expect(
      await errorOf(fx.rows(`SELECT from_json('{}', 'a INT', map('mode', 'DROPMALFORMED'))`)),
    ).toMatchObject({
      errorClass: 'PARSE_MODE_UNSUPPORTED',
      messageParameters: { funcName: '`from_json`', mode: 'DROPMALFORMED' },
    });
    expect(
      await errorOf(fx.rows(`SELECT from_json('{}', 'a INT', named_struct('mode', 'FAILFAST'))`)),
    ).toMatchObject({
      errorClass: 'INVALID_OPTIONS.NON_MAP_FUNCTION',
    });
  });

  it('names its column after the JSON argument alone', async () => {
    const [result] = await fx.session.execute(
      `SELECT from_json('{"a":1}', 'a INT', map('mode', 'PERMISSIVE'))`,
    );
    expect(result?.kind === 'rows' && result.columns.map((c) => c.name)).toEqual(['from_json({"a":1})']);
  });
});

describe('schema_of_json', () => {
  it('infers the type of one JSON value as Spark writes it, evaluated at analysis', async () => {
    expect(await one(`schema_of_json('{"c1":0, "c2":[1], "b": {"x y": null, "z": 1.5}}')`)).toBe(
      'STRUCT<b: STRUCT<`x y`: STRING, z: DOUBLE>, c1: BIGINT, c2: ARRAY<BIGINT>>',
    );
    expect(await one(`schema_of_json('[{"a":1}]')`)).toBe('ARRAY<STRUCT<a: BIGINT>>');
    expect(await one(`schema_of_json('{"c1":1}', map('primitivesAsString', 'true'))`)).toBe(
      'STRUCT<c1: STRING>',
    );
    expect(
      await one(
        `schema_of_json('{"c1":01, "c2":0.1}', map('allowNumericLeadingZeros', 'true', 'prefersDecimal', 'true'))`,
      ),
    ).toBe('STRUCT<c1: BIGINT, c2: DECIMAL(1,1)>');
    expect(await one(`from_json('{"c1":[1, 2, 3]}', schema_of_json('{"c1":[0]}'))`)).toEqual(
      row({ c1: [1n, 2n, 3n] }),
    );
  });

  it('needs a constant, non-null JSON string', async () => {
    expect(await errorOf(fx.rows('SELECT schema_of_json(NULL)'))).toMatchObject({
      errorClass: 'DATATYPE_MISMATCH.UNEXPECTED_NULL',
    });
    await fx.rows(`CREATE TEMPORARY VIEW js AS SELECT '{"a": 1}' AS j`);
    expect(await errorOf(fx.rows('SELECT schema_of_json(j) FROM js'))).toMatchObject({
      errorClass: 'DATATYPE_MISMATCH.NON_FOLDABLE_INPUT',
      messageParameters: { inputName: '`json`', inputExpr: '"j"' },
    });
  });
});

describe('json_tuple', () => {
  it('gives one row of the named top-level fields as strings, NULL for a NULL or missing key', async () => {
    expect(
      await fx.rows(
        `SELECT json_tuple('{"a" : 1, "b" : 2}', CAST(NULL AS STRING), 'b', CAST(NULL AS STRING), 'a')`,
      ),
    ).toEqual([[null, '2', null, '1']]);
    expect(
      await fx.rows(`SELECT json_tuple('{"a":{"x":[1]},"b":"s","c":null}', 'a', 'b', 'c', 'd')`),
    ).toEqual([['{"x":[1]}', 's', null, null]]);
    await fx.rows(
      `CREATE TEMPORARY VIEW jt(j, k) AS SELECT * FROM VALUES ('{"a": 1, "b": 2}', 'a'), ('[1]', 'a'), (NULL, 'b')`,
    );
    expect(
      await fx.rows(`SELECT json_tuple(j, 'b', CAST(NULL AS STRING), k) FROM jt ORDER BY c0 NULLS LAST`),
    ).toEqual([
      ['2', null, '1'],
      [null, null, null],
      [null, null, null],
    ]);
    expect(
      await fx.rows(`SELECT t.* FROM jt LATERAL VIEW json_tuple(j, 'a', 'b') t AS x, y WHERE x IS NOT NULL`),
    ).toEqual([['1', '2']]);
  });

  it('gives NULLs for text that is not JSON, as a table function too', async () => {
    // The generator's argument is a column below the lateral join: the JSON check must guard the cast.
    expect(await fx.rows(`SELECT * FROM json_tuple('{"a": bad, "b": string}', 'a', 'b')`)).toEqual([
      [null, null],
    ]);
    expect(
      await fx.rows(
        `SELECT t.* FROM VALUES ('{"a": 1}'), ('{bad') AS v(j) LATERAL VIEW json_tuple(j, 'a') t AS x ORDER BY x NULLS LAST`,
      ),
    ).toEqual([['1'], [null]]);
  });

  it('needs a JSON string and at least one field name, all strings', async () => {
    expect(await errorOf(fx.rows(`SELECT json_tuple('{}')`))).toMatchObject({
      errorClass: 'WRONG_NUM_ARGS.WITHOUT_SUGGESTION',
      messageParameters: { functionName: '`json_tuple`', expectedNum: '> 1', actualNum: 1 },
    });
    expect(await errorOf(fx.rows(`SELECT json_tuple('{}', 1)`))).toMatchObject({
      errorClass: 'DATATYPE_MISMATCH.NON_STRING_TYPE',
      messageParameters: { funcName: '`json_tuple`' },
    });
  });
});
