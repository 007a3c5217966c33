/** Spark's JSON functions give NULL for text that is not JSON (or not the JSON kind they read), never an error. */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-json-invalid-');

describe('JSON functions on text that is not JSON', () => {
  it('get_json_object, json_array_length and json_object_keys return NULL', async () => {
    expect(
      await fixture.rows(
        `SELECT get_json_object('{', '$.a'), get_json_object('{"a":{"b":2}}', '$.a.b'), json_array_length('['),
           json_array_length('{}'), json_array_length('[1,2]'), json_object_keys('{'), json_object_keys('[1]'),
           json_object_keys('{"a":1}')`,
      ),
    ).toEqual([[null, '2', null, null, 2, null, null, ['a']]]);
  });

  it("get_json_object with a path outside Spark's JSON path grammar returns NULL", async () => {
    expect(
      await fixture.rows(
        `SELECT get_json_object('{"a":1}', '$..a'), get_json_object('{"a":1}', 'a'), get_json_object('{"a":1}', '$['),
           get_json_object('{"a":1}', ''), get_json_object('{"a":[1,2]}', '$.a[1]'), get_json_object('{"a b":3}', "$['a b']")`,
      ),
    ).toEqual([[null, null, null, null, '2', '3']]);
  });
});
