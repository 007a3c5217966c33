/** SQLConf.redactOptions: key or value matching either redaction pattern hides the value. */
import { describe, expect, it } from 'vitest';
import { REDACTED, redactOptions } from './redaction.js';

describe('redactOptions', () => {
  it('hides values whose key or value matches the default patterns, case-insensitively', () => {
    const none = () => undefined;
    expect(
      redactOptions(
        { a: '1', Password: 'p', 'fs.access.key': 'k', jdbcUrl: 'x', note: 'my secret', tokens: 't' },
        none,
      ),
    ).toEqual({
      a: '1',
      Password: REDACTED,
      'fs.access.key': REDACTED,
      jdbcUrl: REDACTED,
      note: REDACTED,
      tokens: REDACTED,
    });
  });

  it('reads the patterns from the session configuration', () => {
    const conf = (k: string) => (k === 'spark.redaction.regex' ? '(?i)^a$' : undefined);
    expect(redactOptions({ a: '1', password: 'p' }, conf)).toEqual({ a: REDACTED, password: 'p' });
  });
});
