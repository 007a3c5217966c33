import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import {
  arrayOf,
  DoubleType,
  decimal,
  field,
  IntegerType,
  LongType,
  mapOf,
  StringType,
  sqlTypeName,
  struct,
} from '../../types/data-types.js';
import { resolveBinaryOperator } from './binary-operator.js';
import { canAnsiCast, canCast, canStoreAssign, canUpCast, castTypeMismatch } from './cast-rules.js';
import { decimalResultType } from './decimal-precision.js';
import { parseDataTypeString, parseSchemaDdl } from './parse-data-type.js';
import { findTightestCommonType, findWiderCommonType, findWiderTypeForTwo } from './type-coercion.js';

const ANSI = { ansi: true };
const LEGACY = { ansi: false };
const name = (text: string) => sqlTypeName(parseDataTypeString(text));

describe('parseDataTypeString', () => {
  it('reads Spark type names', () => {
    expect(
      [
        'INTEGER',
        'long',
        'short',
        'byte',
        'real',
        'dec(5,2)',
        'numeric(7)',
        'decimal',
        'varchar(3)',
        'char(2)',
      ].map(name),
    ).toEqual([
      'int',
      'bigint',
      'smallint',
      'tinyint',
      'float',
      'decimal(5,2)',
      'decimal(7,0)',
      'decimal(10,0)',
      'varchar(3)',
      'char(2)',
    ]);
    expect(name('timestamp_ltz')).toBe('timestamp');
    expect(name('interval year to month')).toBe('interval year to month');
    expect(name('INTERVAL DAY TO SECOND')).toBe('interval day to second');
    expect(name('map<string, array<int>>')).toBe('map<string,array<int>>');
    expect(name('struct<a:int,`b c`:string>')).toBe('struct<a:int,b c:string>');
    expect(parseDataTypeString('struct<a int not null comment "x">')).toEqual(
      struct([field('a', IntegerType, false, { comment: 'x' })]),
    );
  });

  it('raises Spark errors', () => {
    expect(() => parseDataTypeString('foo')).toThrow(/UNSUPPORTED_DATATYPE.*"FOO"/);
    expect(() => parseDataTypeString('array<int')).toThrow(/PARSE_SYNTAX_ERROR/);
    expect(() => parseDataTypeString('decimal(40,2)')).toThrow(/DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION/);
  });

  it('reads DDL schema strings', () => {
    expect(parseSchemaDdl('id int, name string not null comment "x"')).toEqual(
      struct([field('id', IntegerType), field('name', StringType, false, { comment: 'x' })]),
    );
    expect(parseSchemaDdl('struct<a:bigint>')).toEqual(struct([field('a', LongType)]));
    expect(parseSchemaDdl('`my col` map<string,int>').fields[0]!.type).toEqual(
      mapOf(StringType, IntegerType),
    );
  });
});

describe('coercion', () => {
  it('finds common types as Spark does', () => {
    const t = (a: string, b: string, mode = ANSI) => {
      const r = findWiderTypeForTwo(parseDataTypeString(a), parseDataTypeString(b), mode);
      return r && sqlTypeName(r);
    };
    expect(t('int', 'float')).toBe('double');
    expect(t('int', 'float', LEGACY)).toBe('float');
    expect(t('int', 'decimal(5,2)')).toBe('decimal(12,2)');
    expect(t('string', 'int')).toBe('bigint');
    expect(t('string', 'int', LEGACY)).toBe('string');
    expect(t('string', 'decimal(5,2)')).toBe('double');
    expect(t('date', 'timestamp')).toBe('timestamp');
    expect(t('array<int>', 'array<bigint>')).toBe('array<bigint>');
    expect(t('int', 'array<int>')).toBeUndefined();
    expect(findTightestCommonType(IntegerType, decimal(5, 2), ANSI)).toBeUndefined();
    expect(findWiderCommonType([IntegerType, LongType, DoubleType], ANSI)).toEqual(DoubleType);
  });

  it('gives DecimalPrecision result types', () => {
    const d = (op: '+' | '*' | '/' | '%', a: [number, number], b: [number, number]) =>
      sqlTypeName(decimalResultType(op, decimal(...a), decimal(...b)));
    expect(d('+', [10, 2], [5, 3])).toBe('decimal(12,3)');
    expect(d('*', [10, 2], [5, 3])).toBe('decimal(16,5)');
    expect(d('/', [10, 0], [10, 0])).toBe('decimal(21,11)');
    expect(d('/', [38, 18], [38, 18])).toBe('decimal(38,6)');
    expect(d('%', [10, 2], [5, 3])).toBe('decimal(5,3)');
    expect(d('*', [38, 18], [38, 18])).toBe('decimal(38,6)');
  });
});

describe('resolveBinaryOperator', () => {
  const r = (op: Parameters<typeof resolveBinaryOperator>[0], a: string, b: string, mode = ANSI) => {
    const res = resolveBinaryOperator(op, parseDataTypeString(a), parseDataTypeString(b), mode, {
      sqlExpr: '"x"',
    });
    return [sqlTypeName(res.leftCast), sqlTypeName(res.rightCast), sqlTypeName(res.resultType)];
  };
  it('types arithmetic as Spark does (typeCoercion/native goldens)', () => {
    expect(r('/', 'int', 'int')[2]).toBe('double');
    expect(r('div', 'int', 'int')[2]).toBe('bigint');
    expect(r('/', 'int', 'decimal(10,0)')[2]).toBe('decimal(21,11)');
    expect(r('+', 'string', 'int')[2]).toBe('bigint');
    expect(r('+', 'string', 'decimal(10,0)')[2]).toBe('double');
    expect(r('+', 'string', 'int', LEGACY)[2]).toBe('double');
    expect(r('+', 'date', 'int')[2]).toBe('date');
    expect(r('-', 'date', 'date')[2]).toBe('interval day');
    expect(r('-', 'timestamp', 'timestamp')[2]).toBe('interval day to second');
    expect(r('=', 'string', 'int')).toEqual(['bigint', 'bigint', 'boolean']);
    expect(r('+', 'tinyint', 'smallint')[2]).toBe('smallint');
  });
  it('uses the minimum precision of integral literals with decimals', () => {
    const res = resolveBinaryOperator('*', decimal(38, 18), IntegerType, ANSI, { rightLiteral: 2n });
    expect(sqlTypeName(res.resultType)).toBe('decimal(38,16)');
  });
  it('raises DATATYPE_MISMATCH errors with Spark parameters', () => {
    try {
      resolveBinaryOperator('=', IntegerType, arrayOf(IntegerType), ANSI, { sqlExpr: '"(1 = array(1))"' });
      expect.unreachable();
    } catch (e) {
      expect(isLakesqlError(e, 'DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES')).toBe(true);
      expect((e as { messageParameters: unknown }).messageParameters).toEqual({
        left: '"INT"',
        right: '"ARRAY<INT>"',
        sqlExpr: '"(1 = array(1))"',
      });
    }
    expect(() => r('+', 'string', 'string')).toThrow(/BINARY_OP_WRONG_TYPE/);
    expect(() => r('/', 'tinyint', 'binary')).toThrow(/BINARY_OP_DIFF_TYPES/);
  });
});

describe('cast rules', () => {
  it('follows Cast.canCast / canAnsiCast / canUpCast / canANSIStoreAssign', () => {
    const p = parseDataTypeString;
    expect(canCast(p('int'), p('binary'))).toBe(true);
    expect(canAnsiCast(p('int'), p('binary'))).toBe(false);
    expect(canAnsiCast(p('string'), p('int'))).toBe(true);
    expect(canAnsiCast(p('date'), p('int'))).toBe(false);
    expect(canUpCast(p('int'), p('bigint'))).toBe(true);
    expect(canUpCast(p('bigint'), p('int'))).toBe(false);
    expect(canUpCast(p('int'), p('decimal(10,0)'))).toBe(true);
    expect(canStoreAssign(p('string'), p('int'))).toBe(false);
    expect(canStoreAssign(p('double'), p('int'))).toBe(true);
    expect(canAnsiCast(p('array<string>'), p('array<int>'))).toBe(true);
    expect(castTypeMismatch(p('int'), p('binary'), 'ansi', '"CAST(1 AS BINARY)"').messageParameters).toEqual({
      sqlExpr: '"CAST(1 AS BINARY)"',
      srcType: '"INT"',
      targetType: '"BINARY"',
      config: '"spark.sql.ansi.enabled"',
      configVal: "'false'",
    });
  });
});
