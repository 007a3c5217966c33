/** CAST(binary AS STRING) of bytes that are not UTF-8: U+FFFD for each bad sequence, as Spark shows it. */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-cast-binary-');

describe('CAST(binary AS STRING)', () => {
  it('decodes UTF-8 and replaces what is not, instead of failing in the engine', async () => {
    expect(
      await fixture.rows(
        "SELECT CAST(X'414243' AS STRING), CAST(X'FF' AS STRING), CAST(X'41FF42' AS STRING), CAST(CAST(NULL AS BINARY) AS STRING)",
      ),
    ).toEqual([['ABC', '\uFFFD', 'A\uFFFDB', null]]);
  });
});
