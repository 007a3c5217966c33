/** The DuckDB SQL that merges session-window state, pinned (and run by streaming-session-window.test.ts). */
import { describe, expect, it } from 'vitest';
import { call, literal } from '../../sql/ast/node-builders.js';
import { field, LongType, StringType, struct, TimestampType } from '../../types/data-types.js';
import { aggregateParts } from './aggregate-parts.js';
import { sessionMergeSql } from './session-windows.js';

const session = struct([field('start', TimestampType), field('end', TimestampType)]);
const shape = {
  keyNames: ['__k0', '__k1'],
  parts: [aggregateParts(call('count', [literal({ type: 'int', value: 1n })]), 0)],
  outputTypes: [StringType, session, LongType],
  outputNames: ['k', 'session_window', 'n'],
};

describe('session window state SQL', () => {
  it('merges state and on-time batch sessions that overlap or touch, per group, in one pass', () => {
    expect(sessionMergeSql(shape, { batch: 'b', merged: 'm', out: 'o' }, '"s"', 'late', 1)).toBe(
      'CREATE TABLE "m" AS SELECT "__k0", struct_pack("start" := min("__k1"."start"), "end" := max("__k1"."end")) AS "__k1", ' +
        'CAST(sum("__a0") AS BIGINT) AS "__a0", coalesce(bool_or("__updated"), false) AS "__updated" FROM (' +
        'SELECT *, count(CASE WHEN "__previous_end" IS NULL OR "__previous_end" < "__k1"."start" THEN 1 END) ' +
        'OVER (PARTITION BY "__k0" ORDER BY "__k1"."start" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "__session_number" FROM (' +
        'SELECT *, max("__k1"."end") OVER (PARTITION BY "__k0" ORDER BY "__k1"."start" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS "__previous_end" ' +
        'FROM (SELECT *, false AS "__updated" FROM "s" UNION ALL BY NAME SELECT *, true AS "__updated" FROM "b" WHERE NOT (late)) AS "sessions") AS "ended") AS "numbered" ' +
        'GROUP BY "__k0", "__session_number"',
    );
  });
});
