/**
 * The IDENTIFIER clause as the parser resolves it: a constant string (literal or concatenation) naming a
 * table, a column or a function, qualified and backquoted names included; anything else is refused with
 * NOT_A_CONSTANT_STRING.NOT_CONSTANT.
 */
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { type DataType, IntegerType, StringType } from '../../types/data-types.js';
import { type ParseOptions, parseStatement, printStatement } from '../index.js';

const printed = (text: string) => printStatement(parseStatement(text));

describe('IDENTIFIER clause', () => {
  it('names tables in queries, DML and DDL', () => {
    expect(printed("SELECT * FROM IDENTIFIER('db.t')")).toBe('SELECT * FROM `db`.`t`');
    expect(printed("SELECT * FROM IDENTIFIER('db.' || 't')")).toBe('SELECT * FROM `db`.`t`');
    expect(printed("INSERT INTO IDENTIFIER(concat('t', '2')) VALUES (1)")).toBe(
      'INSERT INTO TABLE `t2` VALUES (1)',
    );
    expect(printed("DROP TABLE IDENTIFIER('`a.b`')")).toBe('DROP TABLE `a.b`');
  });
  it('names columns and functions in expressions', () => {
    expect(printed("SELECT IDENTIFIER('t.c') + 1 FROM t")).toBe('SELECT `t`.`c` + 1 FROM `t`');
    expect(printed("SELECT IDENTIFIER('abs')(-1)")).toBe('SELECT `abs`(-1)');
    expect(printed("SELECT * FROM IDENTIFIER('range')(3)")).toBe('SELECT * FROM `range`(3)');
  });
  it('refuses an expression that is not a constant string', () => {
    for (const text of ['SELECT IDENTIFIER(c) FROM t', 'SELECT * FROM IDENTIFIER(upper(1))']) {
      try {
        parseStatement(text);
        expect.unreachable();
      } catch (e) {
        expect(isLakesqlError(e, 'NOT_A_CONSTANT_STRING.NOT_CONSTANT')).toBe(true);
      }
    }
    expect(() => parseStatement("SELECT * FROM IDENTIFIER('a b')")).toThrow(/PARSE_SYNTAX_ERROR/);
  });
  it('tells a NULL, a value of another type and an empty name apart, as Spark does', () => {
    const classOf = (text: string, options?: ParseOptions) => {
      try {
        parseStatement(text, undefined, options);
        return undefined;
      } catch (e) {
        return isLakesqlError(e) ? [e.errorClass, e.messageParameters.dataType] : e;
      }
    };
    expect(classOf('VALUES (IDENTIFIER(CAST(NULL AS STRING)))')).toEqual([
      'NOT_A_CONSTANT_STRING.NULL',
      undefined,
    ]);
    expect(classOf("SELECT IDENTIFIER('a' || NULL)")).toEqual(['NOT_A_CONSTANT_STRING.NULL', undefined]);
    expect(classOf('CREATE TABLE IDENTIFIER(1) (c INT)')).toEqual([
      'NOT_A_CONSTANT_STRING.WRONG_TYPE',
      'int',
    ]);
    expect(classOf("SELECT IDENTIFIER('') FROM t")).toEqual(['PARSE_EMPTY_STATEMENT', undefined]);
  });
  it('reads a STRING session variable through the session', () => {
    const variables = new Map<string, { type: DataType; value: unknown }>([
      ['tab', { type: StringType, value: 'db.t' }],
      ['n', { type: IntegerType, value: 1 }],
    ]);
    const options: ParseOptions = { variable: (parts) => variables.get(parts.join('.').toLowerCase()) };
    const parsed = (text: string) => printStatement(parseStatement(text, undefined, options));
    expect(parsed('SELECT * FROM IDENTIFIER(tab)')).toBe('SELECT * FROM `db`.`t`');
    expect(parsed("DROP TABLE IDENTIFIER(tab || '2')")).toBe('DROP TABLE `db`.`t2`');
    expect(() => parsed('SELECT IDENTIFIER(n)')).toThrow(/WRONG_TYPE/);
    expect(() => parsed('SELECT IDENTIFIER(other)')).toThrow(/NOT_CONSTANT/);
  });
});
