/**
 * reflect / java_method / try_reflect over the Java static methods lakesql models: Java's results as text,
 * NULL from try_reflect where Java throws, and CallMethodViaReflection's analysis errors in Spark's order.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-reflect-');

describe('reflect', () => {
  it('calls the modelled static methods and prints their results as String.valueOf does', async () => {
    expect(
      await db.rows(
        `SELECT reflect('java.util.UUID', 'fromString', 'A5CF6C42-c85-418f-af6c-3e4e5b1328f2'),
                java_method('java.lang.String', 'valueOf', 1.5D), reflect('java.lang.Math', 'max', 2L, 3L),
                reflect('java.lang.Math', 'min', CAST('NaN' AS DOUBLE), 1D), reflect('java.lang.Math', 'abs', -2147483648),
                reflect('java.lang.Integer', 'parseInt', '-ff', 16), reflect('java.lang.Integer', 'valueOf', '+0010'),
                reflect('java.lang.String', 'valueOf', CAST(NULL AS STRING)), reflect('java.net.URLDecoder', 'decode', 'a%20b')`,
      ),
    ).toEqual([
      ['a5cf6c42-0c85-418f-af6c-3e4e5b1328f2', '1.5', '3', 'NaN', '-2147483648', '-255', '10', 'null', 'a b'],
    ]);
  });
  it('try_reflect is NULL where the Java method throws', async () => {
    expect(
      await db.rows(
        `SELECT try_reflect('java.lang.Integer', 'parseInt', s), try_reflect('java.lang.Integer', 'parseInt', '12', r),
                try_reflect('java.util.UUID', 'fromString', s), try_reflect('java.lang.Math', 'max', CAST(NULL AS INT), 1)
         FROM VALUES ('2147483648', 1) AS t(s, r)`,
      ),
    ).toEqual([[null, null, null, null]]);
    expect(await db.rows(`SELECT try_reflect('java.lang.Integer', 'parseInt', '-2147483648')`)).toEqual([
      ['-2147483648'],
    ]);
  });
  it.each([
    [`reflect('java.lang.Math')`, 'WRONG_NUM_ARGS.WITHOUT_SUGGESTION'],
    [`reflect('java.wrongclass.Math', 'max', 2, 3)`, 'DATATYPE_MISMATCH.UNEXPECTED_CLASS_TYPE'],
    [`reflect('java.lang.Math', 'wrongmethod', 2, 3)`, 'DATATYPE_MISMATCH.UNEXPECTED_STATIC_METHOD'],
    [`reflect('java.lang.Math', 'max', 2L, 3)`, 'DATATYPE_MISMATCH.UNEXPECTED_STATIC_METHOD'],
    [`reflect('java.lang.Object', 'toString')`, 'DATATYPE_MISMATCH.UNEXPECTED_STATIC_METHOD'],
    [`reflect('java.lang.Math', 'round', 2.5)`, 'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE'],
    [`reflect(NULL, 'max')`, 'DATATYPE_MISMATCH.NON_FOLDABLE_INPUT'],
    [`reflect('java.lang.Math', 'cbrt', 8D)`, 'UNSUPPORTED_FEATURE'],
    [`reflect('java.time.LocalDate', 'now')`, 'UNSUPPORTED_FEATURE'],
  ])('%s fails with %s', async (call, errorClass) => {
    expect((await errorOf(db.session.execute(`SELECT ${call}`))).errorClass).toBe(errorClass);
  });
});
