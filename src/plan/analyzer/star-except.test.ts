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

  it('drops a nested field from its struct, keeping a NULL struct NULL', async () => {
    await fx.rows(
      "CREATE TEMP VIEW sn(id, data) AS VALUES (1, named_struct('f1', 1, 's2', named_struct('f2', 2, 'f3', 'a'))), (2, NULL)",
    );
    const results = await fx.session.execute('SELECT * EXCEPT (data.s2.f2) FROM sn ORDER BY id');
    const last = results[0]!;
    expect(last.kind === 'rows' ? last.columns.map((c) => c.name) : []).toEqual(['id', 'data']);
    expect(
      await fx.rows('SELECT id, to_json(data) FROM (SELECT * EXCEPT (data.s2.f2) FROM sn) ORDER BY id'),
    ).toEqual([
      [1, '{"f1":1,"s2":{"f3":"a"}}'],
      [2, null],
    ]);
    const all = await errorOf(fx.session.execute('SELECT * EXCEPT (data.f1, data.s2) FROM sn'));
    expect(all.errorClass).toBe('UNSUPPORTED_FEATURE');
  });

  it('expands a struct column star into its fields, with EXCEPT', async () => {
    expect(await fx.rows('SELECT f1, to_json(s2) FROM (SELECT data.* FROM sn WHERE id = 1)')).toEqual([
      [1, '{"f2":2,"f3":"a"}'],
    ]);
    expect(await fx.rows('SELECT data.* EXCEPT (s2) FROM sn WHERE id = 1')).toEqual([[1]]);
    expect(await fx.rows('SELECT data.s2.* EXCEPT (f2) FROM sn WHERE id = 1')).toEqual([['a']]);
    const e = await errorOf(fx.session.execute('SELECT data.* EXCEPT (nope) FROM sn'));
    expect(e.errorClass).toBe('UNRESOLVED_COLUMN.WITH_SUGGESTION');
  });
});
