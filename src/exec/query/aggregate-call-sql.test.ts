import { describe, expect, it } from 'vitest';
import { modifyAggregateCall } from './aggregate-call-sql.js';

describe('modifyAggregateCall', () => {
  it('places OVER inside a cast wrapper, at the call', () => {
    expect(modifyAggregateCall('CAST(row_number() AS INTEGER)', { overSql: 'ORDER BY "c1"' })).toBe(
      'CAST(row_number() OVER (ORDER BY "c1") AS INTEGER)',
    );
  });

  it('adds DISTINCT and FILTER to the first aggregate call, skipping quoted text', () => {
    expect(
      modifyAggregateCall(`CAST(sum("count(") AS BIGINT)`, { distinct: true, filterSql: '"c2" > 1' }),
    ).toBe(`CAST(sum(DISTINCT "count(") FILTER (WHERE "c2" > 1) AS BIGINT)`);
  });

  it('extends a FILTER the function library wrote', () => {
    expect(
      modifyAggregateCall('coalesce(list("x") FILTER (WHERE "x" IS NOT NULL), [])', {
        filterSql: 'p',
        overSql: 'PARTITION BY k',
      }),
    ).toBe('coalesce(list("x") FILTER (WHERE (p) AND "x" IS NOT NULL) OVER (PARTITION BY k), [])');
  });
});
