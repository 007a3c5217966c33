/**
 * Hostile names through every statement kind (issue 13): database, table and column names holding quotes,
 * backticks, dots, spaces, unicode, `%`, `;`, `--`, `/*` and newlines, quoted with backticks as Spark
 * requires, run through DDL, DML and maintenance statements. Each statement succeeds with the right rows
 * (the name is data, never SQL: no injection into the generated DuckDB SQL or into paths), or fails with a
 * typed error where Spark refuses the name; never an INTERNAL_ERROR or an untyped error. Files stay inside
 * the test's folder.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quoteIdentifier, quoteString } from '../engine/sql-text.js';
import { LakesqlError } from '../errors/index.js';
import { useSqlSession } from '../exec/session/testing/sql-session-fixture.js';
import { FULL } from './testing/reliability-settings.js';

const fixture = useSqlSession('lakesql-hostile-names-');

/** Each hostile character on its own (the full setting), and all of them in one name (always). */
const ONE_EACH = [
  "it's",
  'back`tick',
  'dot.ted',
  'sp ace',
  'ünï😀',
  '50%_off',
  'semi;colon',
  'da--sh /*c*/',
  'new\nline',
  '"dq"',
  'star*?[x]{y}',
];
const ALL_IN_ONE = 'it\'s `b`.d %_;--/*c*/ ünï😀\n"q"*?[x]';
const HOSTILE = FULL ? [ALL_IN_ONE, ...ONE_EACH] : [ALL_IN_ONE, 'dot.ted'];

const q = (name: string) => `\`${name.replaceAll('`', '``')}\``;
const lit = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** Runs `sql`; its rows, or the error class it failed with (an untyped error fails the test). */
async function run(sql: string): Promise<unknown[][] | string> {
  try {
    return await fixture.rows(sql);
  } catch (e) {
    if (!(e instanceof LakesqlError)) throw new Error(`untyped error for ${sql}: ${String(e)}`);
    if (e.errorClass === 'INTERNAL_ERROR') throw new Error(`INTERNAL_ERROR for ${sql}: ${e.message}`);
    return e.errorClass;
  }
}

describe.each(HOSTILE.map((n, i) => [i, n] as const))('hostile name %i', (i, name) => {
  it(`${JSON.stringify(name)}: every statement runs on it with the right rows`, async () => {
    const db = q(`${name}_db${i}`);
    const t = `${db}.${q(name)}`;
    const col = q(name);
    const ok = async (sql: string) => {
      const r = await run(sql);
      expect(typeof r, `${sql} -> ${String(r)}`).not.toBe('string');
      return r as unknown[][];
    };
    await ok(`CREATE DATABASE ${db}`);
    await ok(`CREATE TABLE ${t} (${col} INT, v STRING) TBLPROPERTIES ('delta.columnMapping.mode' = 'name')`);
    await ok(`INSERT INTO ${t} VALUES (1, ${lit(name)}), (2, 'b'), (3, 'c')`);
    await ok(`UPDATE ${t} SET v = 'u' WHERE ${col} = 2`);
    await ok(`DELETE FROM ${t} WHERE ${col} = 3`);
    await ok(
      `MERGE INTO ${t} AS t USING (SELECT 4 AS ${col}, ${lit(name)} AS v) AS s ON t.${col} = s.${col} ` +
        'WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *',
    );
    expect(await ok(`SELECT ${col}, v FROM ${t} ORDER BY ${col}`)).toEqual([
      [1, name],
      [2, 'u'],
      [4, name],
    ]);
    const added = q(`${name}+`);
    const renamed = q(`${name}!`);
    await ok(`ALTER TABLE ${t} ADD COLUMNS (${added} INT)`);
    await ok(`ALTER TABLE ${t} RENAME COLUMN ${added} TO ${renamed}`);
    await ok(`UPDATE ${t} SET ${renamed} = ${col} * 10`);
    expect(await ok(`SELECT sum(${renamed}) FROM ${t}`)).toEqual([[70n]]);
    await ok(`ALTER TABLE ${t} DROP COLUMN ${renamed}`);
    await ok(`OPTIMIZE ${t}`);
    await ok(`VACUUM ${t} RETAIN 168 HOURS`);
    const clone = `${db}.${q(`${name} clone`)}`;
    await ok(`CREATE TABLE ${clone} SHALLOW CLONE ${t}`);
    expect(await ok(`SELECT count(*) FROM ${clone}`)).toEqual([[3n]]);
    await ok(`RESTORE TABLE ${t} TO VERSION AS OF 1`);
    expect(await ok(`SELECT ${col}, v FROM ${t} ORDER BY ${col}`)).toEqual([
      [1, name],
      [2, 'b'],
      [3, 'c'],
    ]);
    const described = await ok(`DESCRIBE TABLE ${t}`);
    expect(described.slice(0, 2).map((r) => r[0])).toEqual([name, 'v']);
    expect((await ok(`SHOW TABLES IN ${db}`)).map((r) => r[1]).sort()).toEqual(
      [name, `${name} clone`].map((n) => n.toLowerCase()).sort(),
    );
    expect((await ok(`SHOW COLUMNS IN ${t}`)).map((r) => r[0])).toEqual([name, 'v']);

    // COPY INTO and CONVERT TO DELTA read folders whose names are hostile too.
    const folder = path.join(fixture.dir, 'files', `${i}-${name.replaceAll('/', '_')}`);
    await mkdir(folder, { recursive: true });
    await mkdir(path.join(folder, 'in'));
    await fixture.engine.run(
      `COPY (SELECT 5 AS ${quoteIdentifier(name)}, ${quoteString(name)} AS v) ` +
        `TO ${quoteString(path.join(folder, 'in', 'part-0.parquet'))} (FORMAT parquet)`,
    );
    const copy = `COPY INTO ${t} FROM ${lit(path.join(folder, 'in'))} FILEFORMAT = PARQUET`;
    if (/[[{]/.test(folder)) {
      // COPY INTO reads its source as Spark reads paths: glob characters are a pattern; `*` and `?` match
      // themselves, `[x]` and `{y}` do not, so such a folder is not found.
      expect(await run(copy)).toBe('PATH_NOT_FOUND');
    } else {
      await ok(copy);
      expect(await ok(`SELECT count(*), max(${col}) FROM ${t}`)).toEqual([[4n, 5]]);
    }
    // CONVERT takes the folder's name literally, glob characters included (as Delta does).
    await ok(`CONVERT TO DELTA parquet.${q(path.join(folder, 'in'))}`);
    expect(await ok(`SELECT ${col}, v FROM delta.${q(path.join(folder, 'in'))}`)).toEqual([[5, name]]);

    await ok(`DROP TABLE ${clone}`);
    await ok(`DROP DATABASE ${db} CASCADE`);
    // Nothing was written outside the test's folder: its top level holds only what the test made.
    expect((await readdir(fixture.dir)).sort()).toEqual(['files', 'wh']);
  });
});
