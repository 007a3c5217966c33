import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { byteStringAsBytes } from './byte-string.js';
import { DEFAULT_TARGET_FILE_SIZE, targetFileSizeBytes } from './table-properties.js';

describe('byteStringAsBytes (Spark JavaUtils.byteStringAsBytes)', () => {
  it('reads bare bytes and binary units, case-insensitively', () => {
    expect(byteStringAsBytes('104857600')).toBe(104857600);
    expect(byteStringAsBytes('100mb')).toBe(100 * 1024 * 1024);
    expect(byteStringAsBytes('1MB')).toBe(1048576);
    expect(byteStringAsBytes('1m')).toBe(1048576);
    expect(byteStringAsBytes('512k')).toBe(524288);
    expect(byteStringAsBytes('512kb')).toBe(524288);
    expect(byteStringAsBytes(' 2g ')).toBe(2 * 1024 ** 3);
    expect(byteStringAsBytes('1tb')).toBe(1024 ** 4);
    expect(byteStringAsBytes('7b')).toBe(7);
  });

  it('refuses fractions, signs, unknown units and empty text', () => {
    for (const bad of ['1.5mb', '-1', 'mb', '', '10 megabytes', '1xb', '0x10']) {
      expect(byteStringAsBytes(bad)).toBeUndefined();
    }
  });
});

describe('delta.targetFileSize', () => {
  it('is undefined when unset, bytes when set', () => {
    expect(targetFileSizeBytes({})).toBeUndefined();
    expect(targetFileSizeBytes({ 'delta.targetFileSize': '1mb' })).toBe(1048576);
    expect(targetFileSizeBytes({ 'delta.targetFileSize': '104857600' })).toBe(104857600);
    expect(DEFAULT_TARGET_FILE_SIZE).toBe(134217728);
  });

  it("fails as Delta's property validation does for a value that is not a positive size", () => {
    for (const bad of ['big', '0', '1.5mb']) {
      let error: unknown;
      try {
        targetFileSizeBytes({ 'delta.targetFileSize': bad });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(LakesqlError);
      expect(error).toMatchObject({
        errorClass: 'DELTA_INVALID_TABLE_PROPERTY_VALUE',
        sqlState: '22023',
        messageParameters: {
          key: 'delta.targetFileSize',
          requirement: 'needs to be a positive size in bytes or higher units, e.g. 104857600 or 100mb',
          value: bad,
        },
      });
    }
  });
});
