/** Databricks' `expr:path` JSON path operator on JSON strings: get_json_object with the matching `$` path. */
import { describe, expect, it } from 'vitest';
import { sqlTypeName } from '../../types/data-types.js';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-json-path-operator-');

const STORE = `'{"store":{"fruit":[{"weight":8,"type":"apple"},{"weight":9,"type":"pear"}],
  "bicycle":{"price":19.95,"color":"red"}},"owner":"amy","zip code":"94025","fb:testid":"1234","n":null,
  "item":[{"model":"basic","price":6.12},{"model":"medium","price":9.24}]}'`;

async function result(sql: string) {
  const results = await fixture.session.execute(sql);
  const last = results[results.length - 1];
  if (last?.kind !== 'rows') throw new Error('no rows');
  return {
    columns: last.columns.map((c) => `${c.name}: ${sqlTypeName(c.type)}`),
    rows: last.rows.map((r) => [...r]),
  };
}

describe('the JSON path operator on a STRING', () => {
  it('reads top-level and nested fields, brackets, backquoted names and array indexes as STRING', async () => {
    expect(
      await result(
        `SELECT raw:owner, raw:['owner'], raw:\`zip code\`, raw:['fb:testid'], raw:store.bicycle,
           raw:['store']['bicycle'].color, raw:store.fruit[1], raw:store.fruit[0].type FROM VALUES (${STORE}) AS T(raw)`,
      ),
    ).toEqual({
      columns: [
        'raw:owner: string',
        "raw:['owner']: string",
        'raw:`zip code`: string',
        "raw:['fb:testid']: string",
        'raw:store.bicycle: string',
        "raw:['store']['bicycle'].color: string",
        'raw:store.fruit[1]: string',
        'raw:store.fruit[0].type: string',
      ],
      rows: [
        [
          'amy',
          'amy',
          '94025',
          '1234',
          '{"price":19.95,"color":"red"}',
          'red',
          '{"weight":9,"type":"pear"}',
          'apple',
        ],
      ],
    });
  });

  it('is NULL for a missing path, a JSON null, text that is not JSON and a NULL string', async () => {
    expect(
      await fixture.rows(
        `SELECT raw:missing, raw:n, raw:store.fruit[5], raw:owner.x FROM VALUES (${STORE}), ('{'), (NULL) AS T(raw)`,
      ),
    ).toEqual([
      [null, null, null, null],
      [null, null, null, null],
      [null, null, null, null],
    ]);
  });

  it('takes a :: cast after the path', async () => {
    expect(
      await result(
        `SELECT raw:store.bicycle.price::double, c1:['price']::decimal(5,2), raw:store.fruit[0].weight::int + 1
         FROM VALUES (${STORE}, '{ "price": 5 }') AS T(raw, c1)`,
      ),
    ).toEqual({
      columns: [
        'CAST(raw:store.bicycle.price AS DOUBLE): double',
        "CAST(c1:['price'] AS DECIMAL(5,2)): decimal(5,2)",
        '(CAST(raw:store.fruit[0].weight AS INT) + 1): int',
      ],
      rows: [[19.95, 500n, 9]],
    });
  });

  it('gathers [*] matches: none is NULL, one is the value, more are a JSON array', async () => {
    expect(
      await fixture.rows(
        `SELECT raw:item[*].price, raw:item[*].model, raw:store.fruit[*].nope, raw:['store'].fruit[*]['type']
         FROM VALUES (${STORE}) AS T(raw)`,
      ),
    ).toEqual([['[6.12,9.24]', '["basic","medium"]', null, '["apple","pear"]']]);
    expect(await fixture.rows(`SELECT '{"a":[{"b":"x"}]}':a[*].b`)).toEqual([['x']]);
  });

  it('works in WHERE and on a string literal, leaving parameters, lambdas and maps as they were', async () => {
    expect(
      await fixture.rows(
        `SELECT raw:owner, transform(array(1, 2), x -> x + 1), map('k', 1)['k'], '{"a":1}':a
         FROM VALUES (${STORE}), ('{"owner":"bob"}') AS T(raw) WHERE raw:owner = 'bob'`,
      ),
    ).toEqual([['bob', [2, 3], 1, '1']]);
  });

  it('reads a field whose name holds a double quote', async () => {
    expect(
      await fixture.rows(`SELECT raw:['a"b'], raw:['a"b'][1] FROM VALUES ('{"a\\\\"b":[1,2]}') AS T(raw)`),
    ).toEqual([['[1,2]', '2']]);
  });

  it('names the operator as written when its operand is not a string', async () => {
    const err = await errorOf(fixture.session.execute(`SELECT s:a FROM (SELECT named_struct('a', 1) AS s)`));
    expect([err.errorClass, err.sqlState, err.messageParameters]).toEqual([
      'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
      '42K09',
      {
        sqlExpr: '"s:a"',
        paramIndex: 'first',
        requiredType: '"STRING"',
        inputSql: '"s"',
        inputType: '"STRUCT<a: INT>"',
      },
    ]);
  });
});
