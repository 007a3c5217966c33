import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-star-except-');

describe('SELECT * EXCEPT', () => {
  it('leaves out the named columns, qualified or not', async () => {
    await fx.rows("CREATE TEMP VIEW se(id, name, data) AS VALUES (1, 'a', named_struct('f1', 1))");
    expect(await fx.rows('SELECT * EXCEPT (name, data) FROM se')).toEqual([[1]]);
    expect(await fx.rows('SELECT * EXCEPT (se.id, data) FROM se')).toEqual([['a']]);
  });

  it('refuses unknown, repeated and overlapping names', async () => {
    const unknown = await errorOf(fx.session.execute('SELECT * EXCEPT (id, nope) FROM se'));
    expect(unknown.errorClass).toBe('UNRESOLVED_COLUMN.WITH_SUGGESTION');
    const twice = await errorOf(fx.session.execute('SELECT * EXCEPT (id, id) FROM se'));
    expect(twice.errorClass).toBe('EXCEPT_OVERLAPPING_COLUMNS');
    expect(twice.messageParameters).toEqual({ columns: 'id, id' });
    const nested = await errorOf(fx.session.execute('SELECT * EXCEPT (data, data.f1) FROM se'));
    expect(nested.messageParameters).toEqual({ columns: 'data, data.f1' });
  });

  it('fails clearly on a nested field rather than keeping the struct whole', async () => {
    const e = await errorOf(fx.session.execute('SELECT * EXCEPT (data.f1) FROM se'));
    expect(e.errorClass).toBe('UNSUPPORTED_FEATURE');
  });
});
