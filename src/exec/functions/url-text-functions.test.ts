/** URL codecs, parse_url, soundex, quote, mask, regexp_substr/instr, try_to_binary, assert_true, raise_error. */
import { describe, expect, it } from 'vitest';
import { javaUrlDecode, javaUrlEncode, soundex, splitUrl, urlPart } from '../../engine/udfs/url-text.js';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { query } from './testing/spark-query.js';

const fx = useSqlSession('lakesql-url-text-');
const URL = 'http://user:pw@spark.apache.org:8080/path/p.html?query=1&k=v#Ref';

describe('url_encode, url_decode, try_url_decode', () => {
  it('follow URLEncoder / URLDecoder', async () => {
    const out = await query(
      fx,
      "SELECT url_encode('https://spark.apache.org/a b?x=é~*'), url_decode('https%3A%2F%2Fspark.apache.org+%C3%A9'), try_url_decode('a%2'), try_url_decode('%zz'), url_decode(NULL)",
    );
    expect(out.names[0]).toBe('url_encode(https://spark.apache.org/a b?x=é~*)');
    expect(out.types).toEqual(['string', 'string', 'string', 'string', 'string']);
    expect(out.rows[0]).toEqual([
      'https%3A%2F%2Fspark.apache.org%2Fa+b%3Fx%3D%C3%A9%7E*',
      'https://spark.apache.org é',
      null,
      null,
      null,
    ]);
  });
  it('raise CANNOT_DECODE_URL', async () => {
    const e = await errorOf(fx.session.execute("SELECT url_decode('100%')"));
    expect(e.errorClass).toBe('CANNOT_DECODE_URL');
    expect(e.messageParameters).toEqual({ url: '100%' });
  });
  it('round-trip', () => {
    for (const s of ['a b&c=d', '日本語', "!'()~", '']) expect(javaUrlDecode(javaUrlEncode(s))).toBe(s);
  });
});

describe('parse_url and try_parse_url', () => {
  it('give java.net.URI parts', async () => {
    const parts = ['HOST', 'PATH', 'QUERY', 'REF', 'PROTOCOL', 'FILE', 'AUTHORITY', 'USERINFO', 'host'];
    const out = await query(
      fx,
      `SELECT ${parts.map((p) => `parse_url('${URL}', '${p}')`).join(', ')}, parse_url('${URL}', 'QUERY', 'k'), parse_url('${URL}', 'QUERY', 'nope')`,
    );
    expect(out.names[0]).toBe(`parse_url(${URL}, HOST)`);
    expect(out.rows[0]).toEqual([
      'spark.apache.org',
      '/path/p.html',
      'query=1&k=v',
      'Ref',
      'http',
      '/path/p.html?query=1&k=v',
      'user:pw@spark.apache.org:8080',
      'user:pw',
      null,
      'v',
      null,
    ]);
  });
  it('treat opaque and relative URLs as java.net.URI does', () => {
    const mailto = splitUrl('mailto:a@b.com#x')!;
    expect([
      urlPart(mailto, 'PROTOCOL'),
      urlPart(mailto, 'PATH'),
      urlPart(mailto, 'HOST'),
      urlPart(mailto, 'REF'),
    ]).toEqual(['mailto', null, null, 'x']);
    const rel = splitUrl('/a/b?c=1')!;
    expect([urlPart(rel, 'PROTOCOL'), urlPart(rel, 'PATH'), urlPart(rel, 'QUERY', 'c')]).toEqual([
      null,
      '/a/b',
      '1',
    ]);
    expect(splitUrl('http://a b')).toBeUndefined();
    expect(splitUrl('http://x/%zz')).toBeUndefined();
  });
  it('raise INVALID_URL under ANSI; try_parse_url and legacy mode give NULL', async () => {
    const e = await errorOf(fx.session.execute("SELECT parse_url('inva lid://x', 'HOST')"));
    expect(e.errorClass).toBe('INVALID_URL');
    expect((await query(fx, "SELECT try_parse_url('inva lid://x', 'HOST')")).rows).toEqual([[null]]);
    await fx.session.execute('SET spark.sql.ansi.enabled = false');
    try {
      expect((await query(fx, "SELECT parse_url('inva lid://x', 'HOST')")).rows).toEqual([[null]]);
    } finally {
      await fx.session.execute('SET spark.sql.ansi.enabled = true');
    }
  });
});

describe('soundex, quote, mask', () => {
  it('give Spark values', async () => {
    const out = await query(
      fx,
      "SELECT soundex('Miller'), soundex('Tymczak'), soundex('Ashcraft'), soundex('1abc'), soundex(''), quote('Don''t'), " +
        "mask('AbCD123-@$#'), mask('AbCD123-@$#', 'Q', 'q', 'd', 'o'), mask('AbCD123', NULL, 'X'), mask('ÀÉ abc', 'x', 'X'), mask(NULL)",
    );
    expect(out.rows[0]).toEqual([
      'M460',
      'T522',
      'A261',
      '1abc',
      '',
      "'Don\\'t'",
      'XxXXnnn-@$#',
      'QqQQdddoooo',
      'AXCDnnn',
      'xx XXX',
      null,
    ]);
    expect(soundex('Robert')).toBe('R163');
  });
  it('mask refuses a mask of more than one character', async () => {
    const e = await errorOf(fx.session.execute("SELECT mask('a', 'xy')"));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.INPUT_SIZE_NOT_ONE');
    expect(e.messageParameters).toEqual({ sqlExpr: '"mask(a, xy)"', exprName: '`upperChar`' });
  });
});

describe('regexp_substr, regexp_instr, try_to_binary', () => {
  it('give Spark values', async () => {
    const out = await query(
      fx,
      "SELECT regexp_substr('1a 2b 14m', '\\\\d+'), regexp_substr('abc', 'z'), regexp_instr('1a 2b 14m', '[a-z]+'), regexp_instr('abc', 'z'), regexp_instr(NULL, 'a'), " +
        "hex(try_to_binary('abc', 'utf-8')), try_to_binary('zz', 'hex'), hex(try_to_binary('a')), try_to_binary('!!', 'base64')",
    );
    expect(out.types.slice(0, 5)).toEqual(['string', 'string', 'int', 'int', 'int']);
    expect(out.rows[0]).toEqual(['1', null, 2, 0, null, '616263', null, '0A', null]);
  });
});

describe('assert_true and raise_error', () => {
  it('assert_true is NULL when true, named with its default message', async () => {
    const out = await query(fx, 'SELECT assert_true(1 < 2)');
    expect(out.names).toEqual(["assert_true((1 < 2), '(1 < 2)' is not true!)"]);
    expect(out.types).toEqual(['void']);
    expect(out.rows).toEqual([[null]]);
  });
  it('raise USER_RAISED_EXCEPTION', async () => {
    for (const [sql, message] of [
      ['SELECT assert_true(NULL)', "'NULL' is not true!"],
      ["SELECT assert_true(false, 'boom')", 'boom'],
      ["SELECT raise_error('custom message')", 'custom message'],
      ['SELECT raise_error(NULL)', 'null'],
    ] as const) {
      const e = await errorOf(fx.session.execute(sql));
      expect(e.errorClass, sql).toBe('USER_RAISED_EXCEPTION');
      expect(e.sqlState).toBe('P0001');
      expect(e.messageParameters).toEqual({ errorMessage: message });
    }
  });
});

describe('sentences', () => {
  it('splits into sentences of words', async () => {
    const out = await query(
      fx,
      "SELECT sentences('Hi there! Good morning.'), sentences('Hi there! Good morning.', 'en', 'US'), sentences('  '), sentences(NULL)",
    );
    expect(out.names.slice(0, 2)).toEqual([
      'sentences(Hi there! Good morning., , )',
      'sentences(Hi there! Good morning., en, US)',
    ]);
    expect(out.types[0]).toBe('array<array<string>>');
    expect(out.rows[0]).toEqual([
      [
        ['Hi', 'there'],
        ['Good', 'morning'],
      ],
      [
        ['Hi', 'there'],
        ['Good', 'morning'],
      ],
      [[]],
      null,
    ]);
  });
});
