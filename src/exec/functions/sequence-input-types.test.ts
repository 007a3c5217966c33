/**
 * sequence() takes integral, date or timestamp bounds (Sequence.checkInputDataTypes), and `map()` is
 * map<void, void> (Spark 3.0+), so that `sequence(element_at(map(), 'a'), -1)`, which the execution fuzz
 * sent to DuckDB as a VARCHAR start (INTERNAL_ERROR), is NULL of array<int> as in Spark.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-sequence-input-types-');

describe('sequence input types', () => {
  it('a NULL bound of an empty map widens to the other bound and answers NULL', async () => {
    expect(
      await fixture.rows(
        `SELECT sequence(element_at(map(), 'a'), -1), typeof(sequence(element_at(map(), 'a'), -1)),
           typeof(map()), element_at(map(), 'a'), map_concat(map(), map(1, 2))`,
      ),
    ).toEqual([[null, 'array<int>', 'map<void,void>', null, { kind: 'map', entries: [[1, 2]] }]]);
  });

  it('bounds that are not integral, dates or timestamps are DATATYPE_MISMATCH.SEQUENCE_WRONG_INPUT_TYPES', async () => {
    for (const sql of [
      'SELECT sequence(1.5, 3)',
      "SELECT sequence('a', 'b')",
      'SELECT sequence(NULL, NULL)',
    ]) {
      const e = await errorOf(fixture.session.execute(sql));
      expect(e.errorClass).toBe('DATATYPE_MISMATCH.SEQUENCE_WRONG_INPUT_TYPES');
      expect(e.messageParameters).toMatchObject({ functionName: '`sequence`', startType: '"TIMESTAMP"' });
    }
  });
});
