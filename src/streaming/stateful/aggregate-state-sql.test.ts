/** The DuckDB SQL that merges a streaming aggregation's state, pinned (and run by the stream tests). */
import { describe, expect, it } from 'vitest';
import { call, columnRef, literal } from '../../sql/ast/node-builders.js';
import { DoubleType, LongType, StringType } from '../../types/data-types.js';
import { aggregateParts } from './aggregate-parts.js';
import { mergeSql, outputSql } from './aggregate-state-sql.js';

const shape = {
  keyNames: ['__k0'],
  parts: [
    aggregateParts(call('count', [literal({ type: 'int', value: 1n })]), 0),
    aggregateParts(call('avg', [columnRef(['v'])]), 1),
  ],
  outputTypes: [StringType, LongType, DoubleType],
  outputNames: ['k', 'n', 'avg(v)'],
};
const tables = { batch: 'b', merged: 'm', out: 'o' };

describe('streaming aggregation state SQL', () => {
  it('merges partials with the previous version per key; avg stays a sum and a count', () => {
    expect(mergeSql(shape, tables, "read_parquet('s/1.parquet')", 'false')).toBe(
      'CREATE TABLE "m" AS SELECT "__k0", CAST(sum("__a0") AS BIGINT) AS "__a0", CAST(sum("__a1") AS DOUBLE) AS "__a1", ' +
        'CAST(sum("__n1") AS BIGINT) AS "__n1", coalesce(bool_or("__updated"), false) AS "__updated" ' +
        `FROM (SELECT *, false AS "__updated" FROM read_parquet('s/1.parquet') UNION ALL BY NAME ` +
        'SELECT *, true AS "__updated" FROM "b" WHERE NOT (false)) AS "state" GROUP BY "__k0"',
    );
  });

  it('emits the rows the output mode picks, named and typed as the aggregation', () => {
    expect(outputSql(shape, tables, '"__updated"')).toBe(
      'CREATE TABLE "o" AS SELECT CAST("__k0" AS VARCHAR) AS "k", CAST("__a0" AS BIGINT) AS "n", ' +
        'CAST(CASE WHEN "__n1" = 0 THEN NULL ELSE "__a1" / "__n1" END AS DOUBLE) AS "avg(v)" FROM "m" WHERE "__updated"',
    );
  });
});
