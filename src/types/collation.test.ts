import { describe, expect, it } from 'vitest';
import { collationName, parseCollationName } from './collation.js';
import { fieldWithCollations, metadataWithCollations } from './collation-metadata.js';
import { arrayOf, collatedString, field, mapOf, StringType } from './data-types.js';

const normalized = (written: string) => {
  const spec = parseCollationName(written);
  return spec && collationName(spec);
};

describe('collation names', () => {
  it('normalizes as Spark prints them', () => {
    expect(normalized('utf8_lcase')).toBe('UTF8_LCASE');
    expect(normalized('utf8_binary_rtrim')).toBe('UTF8_BINARY_RTRIM');
    expect(normalized('unicode_ai_ci')).toBe('UNICODE_CI_AI');
    expect(normalized('SR_AI_CI')).toBe('sr_CI_AI');
    expect(normalized('en_us_cs_as')).toBe('en_US');
    expect(normalized('SYSTEM.BUILTIN.unicode')).toBe('UNICODE');
  });
  it('rejects unknown locales and repeated specifiers', () => {
    expect(normalized('xx')).toBeUndefined();
    expect(normalized('unicode_ci_cs')).toBeUndefined();
    expect(normalized('en_USA')).toBeUndefined();
    expect(normalized('utf8_lcase_ci')).toBeUndefined();
  });
});

describe('__COLLATIONS field metadata', () => {
  it('round-trips the collations of a field, its elements, keys and values', () => {
    const f = field('m', mapOf(collatedString('UTF8_LCASE'), arrayOf(collatedString('UNICODE'))));
    const metadata = metadataWithCollations(f);
    expect(metadata).toEqual({
      __COLLATIONS: { 'm.key': 'spark.UTF8_LCASE', 'm.value.element': 'icu.UNICODE' },
    });
    const plain = field('m', mapOf(StringType, arrayOf(StringType)), true, metadata);
    expect(fieldWithCollations(plain)).toEqual(f);
  });
});
