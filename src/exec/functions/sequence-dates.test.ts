/** sequence() of dates: stepped by an interval (months included) or by Spark's default of one day. */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-sequence-dates-');
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('sequence of dates', () => {
  it('steps by the interval, or a day either way, and stays array<date>', async () => {
    expect(
      await fixture.rows(
        `SELECT sequence(DATE'2020-01-01', DATE'2020-03-01', INTERVAL 1 MONTH), sequence(DATE'2020-01-03', DATE'2020-01-01'),
           typeof(sequence(DATE'2020-01-01', DATE'2020-01-02'))`,
      ),
    ).toEqual([
      [
        [day('2020-01-01'), day('2020-02-01'), day('2020-03-01')],
        [day('2020-01-03'), day('2020-01-02'), day('2020-01-01')],
        'array<date>',
      ],
    ]);
  });
});
