import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLakesqlError, LakesqlError } from '../errors/index.js';
import { translateDuckDBError } from './duckdb-error.js';
import { EngineSession } from './engine-session.js';

let engine: EngineSession;
beforeAll(async () => {
  engine = await EngineSession.create({ threads: 1 });
});
afterAll(() => engine.close());

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('translateDuckDBError', () => {
  it("turns error('[CLASS] {json}') raised from SQL into that class with its parameters", async () => {
    const e = await failure(
      engine.all(
        `SELECT error('[DIVIDE_BY_ZERO] ' || json_object('config', '"spark.sql.ansi.enabled"')::VARCHAR)`,
      ),
    );
    expect(e).toBeInstanceOf(LakesqlError);
    expect(e).toMatchObject({
      errorClass: 'DIVIDE_BY_ZERO',
      sqlState: '22012',
      messageParameters: { config: '"spark.sql.ansi.enabled"' },
    });
  });

  it("a sum past DuckDB's 128-bit integers (decimals are held in them) is Spark's decimal sum overflow", async () => {
    const e = await failure(
      engine.all(
        'SELECT sum(x) FROM (VALUES (170141183460469231731687303715884105727::HUGEINT), (1::HUGEINT)) t(x)',
      ),
    );
    expect(e).toMatchObject({
      errorClass: 'ARITHMETIC_OVERFLOW',
      messageParameters: {
        message: 'Overflow in sum of decimals',
        alternative: " Use 'try_sum' to tolerate overflow and return NULL instead.",
        config: '"spark.sql.ansi.enabled"',
      },
    });
  });

  it('leaves a LakesqlError as it is: translating twice keeps the parameters', () => {
    const once = translateDuckDBError(
      new Error('Invalid Input Error: [INVALID_ARRAY_INDEX] {"indexValue":"5","arraySize":"1"}'),
    );
    expect(translateDuckDBError(once)).toBe(once);
    expect((once as LakesqlError).message).toBe(
      '[INVALID_ARRAY_INDEX] The index 5 is out of bounds. The array has 1 elements. Use the SQL function `get()` to tolerate accessing element at invalid index and return NULL instead. SQLSTATE: 22003',
    );
  });

  it("any other DuckDB error is INTERNAL_ERROR (XX000) with DuckDB's reason and the statement", async () => {
    const sql = `SELECT DATE '2020-01-01' + 1::BIGINT`;
    const e = await failure(engine.all(sql));
    expect(isLakesqlError(e, 'INTERNAL_ERROR')).toBe(true);
    const error = e as LakesqlError;
    expect(error.sqlState).toBe('XX000');
    expect(error.messageParameters).toEqual({
      message:
        "DuckDB failed on the SQL lakesql generated for this statement (Binder Error: No function matches the given name and argument types '+(DATE, BIGINT)'. You might need to add explicit type casts.). You hit a bug in lakesql: please report it with the statement.\n== Generated SQL ==\nSELECT DATE '2020-01-01' + 1::BIGINT",
    });
    expect(error.message.startsWith('[INTERNAL_ERROR] DuckDB failed on the SQL')).toBe(true);
    expect(error.message.endsWith(' SQLSTATE: XX000')).toBe(true);
    for (const bad of ['SELECT * FROM no_such_table', `SELECT extract('mm' FROM DATE '2020-01-01')`]) {
      expect(await failure(engine.run(bad))).toSatisfy((x: unknown) => isLakesqlError(x, 'INTERNAL_ERROR'));
    }
    // Inside withConnection the statement is not known; the reason still is.
    const inside = await failure(engine.withConnection((c) => c.run('SELECT x')));
    expect(isLakesqlError(inside, 'INTERNAL_ERROR')).toBe(true);
    expect((inside as LakesqlError).message).toContain('(Binder Error: Referenced column "x" was not found');
  });

  it("a parse error keeps DuckDB's words, without node-api's prefix", async () => {
    const e = await failure(engine.run('SELEC 1'));
    expect(isLakesqlError(e, 'INTERNAL_ERROR')).toBe(true);
    expect(String((e as LakesqlError).messageParameters.message)).toContain(
      '(Parser Error: syntax error at or near "SELEC")',
    );
    const prefixed = translateDuckDBError(
      new Error('Failed to extract statements: Parser Error: syntax error at or near "DAY"'),
    );
    expect(prefixed).toMatchObject({ errorClass: 'INTERNAL_ERROR' });
    expect(String((prefixed as LakesqlError).messageParameters.message)).toContain(
      '(Parser Error: syntax error at or near "DAY")',
    );
  });

  it('cuts a long generated statement', () => {
    const e = translateDuckDBError(new Error('Parser Error: x'), `SELECT ${'1 + '.repeat(1000)}1`);
    const message = String((e as LakesqlError).messageParameters.message);
    expect(message.length).toBeLessThan(2200);
    expect(message.endsWith(' …')).toBe(true);
  });

  it("a scalar subquery's second row is Spark's SCALAR_SUBQUERY_TOO_MANY_ROWS", async () => {
    const e = await failure(engine.all('SELECT (SELECT x FROM (VALUES (1), (2)) t(x)) AS v'));
    expect(e).toMatchObject({
      errorClass: 'SCALAR_SUBQUERY_TOO_MANY_ROWS',
      sqlState: '21000',
      messageParameters: {},
      message:
        '[SCALAR_SUBQUERY_TOO_MANY_ROWS] More than one row returned by a subquery used as an expression. SQLSTATE: 21000',
    });
  });

  it('a file that is not Parquet is CANNOT_READ_FILE_FOOTER naming it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lakesql-duckdb-error-'));
    try {
      const file = path.join(dir, 'bad.parquet');
      // The third ends in a footer length far past the file's size (DuckDB: "Footer length error").
      const hugeFooter = Buffer.concat([
        Buffer.from(`PAR1${'x'.repeat(40)}`),
        Buffer.from([0xff, 0xff, 0xff, 0x7f]),
        Buffer.from('PAR1'),
      ]);
      for (const bytes of ['not parquet', `PAR1${'x'.repeat(40)}`, hugeFooter]) {
        await writeFile(file, bytes);
        const e = await failure(engine.all(`SELECT * FROM read_parquet('${file}')`));
        expect(e).toMatchObject({
          errorClass: 'CANNOT_READ_FILE_FOOTER',
          sqlState: 'KD001',
          messageParameters: { file: `file:${file}` },
        });
        expect(
          (e as Error).message.startsWith(
            `[CANNOT_READ_FILE_FOOTER] Could not read footer for file: file:${file}.`,
          ),
        ).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a read past the end of a damaged Parquet file is FAILED_READ_FILE.NO_HINT naming it', () => {
    const e = translateDuckDBError(
      new Error(
        'IO Error: Could not read enough bytes from file "/w/p/part-0.parquet": attempted to read 1 bytes from location 27296',
      ),
    );
    expect(e).toMatchObject({
      errorClass: 'FAILED_READ_FILE.NO_HINT',
      messageParameters: { path: 'file:/w/p/part-0.parquet' },
    });
  });

  it('out of memory is MEMORY_LIMIT_EXCEEDED and an interrupt OPERATION_CANCELED', () => {
    expect(translateDuckDBError(new Error('Out of Memory Error: x'))).toMatchObject({
      errorClass: 'MEMORY_LIMIT_EXCEEDED',
    });
    expect(translateDuckDBError(new Error('INTERRUPT Error: Interrupted!'))).toMatchObject({
      errorClass: 'OPERATION_CANCELED',
      sqlState: 'HY008',
      message: '[OPERATION_CANCELED] Operation has been canceled. SQLSTATE: HY008',
    });
  });

  it("passes through what is not DuckDB's: bugs in lakesql's own code stay plain errors", () => {
    const plain = new TypeError('x is undefined');
    expect(translateDuckDBError(plain)).toBe(plain);
    expect(translateDuckDBError('text')).toBe('text');
  });
});
