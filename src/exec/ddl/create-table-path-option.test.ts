/**
 * `OPTIONS (path '…')` in CREATE TABLE is the table's location, as LOCATION is (Spark's
 * AstBuilder.cleanTableOptions), for file tables and Delta tables alike; giving both is an error.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-path-option-');

describe('CREATE TABLE … OPTIONS (path …)', () => {
  it('reads a CSV file or folder named by the path option', async () => {
    const folder = path.join(fixture.dir, 'in');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'agg.data'), '56\t7.8\n100\t99.5\n');
    await fixture.session.execute(
      `CREATE TABLE by_file (a INT, b DOUBLE) USING csv OPTIONS (PATH '${path.join(folder, 'agg.data')}', delimiter '\\t')`,
    );
    await fixture.session.execute(
      `CREATE TABLE by_folder (a INT, b DOUBLE) USING csv OPTIONS (path '${folder}', delimiter '\\t')`,
    );
    expect(await fixture.rows('SELECT * FROM by_file ORDER BY a')).toEqual([
      [56, 7.8],
      [100, 99.5],
    ]);
    expect(await fixture.rows('SELECT count(*) FROM by_folder')).toEqual([[2n]]);
    const detail = await fixture.rows('DESCRIBE TABLE EXTENDED by_folder');
    expect(detail).toContainEqual(['Type', 'EXTERNAL', '']);
  });

  it('creates a Delta table at the path', async () => {
    const location = path.join(fixture.dir, 'delta_at_path');
    await fixture.session.execute(`CREATE TABLE d (id INT) USING delta OPTIONS (path '${location}')`);
    await fixture.session.execute('INSERT INTO d VALUES (1)');
    expect(await fixture.rows(`SELECT * FROM delta.\`${location}\``)).toEqual([[1]]);
  });

  it('refuses a path option beside LOCATION', async () => {
    const e = await errorOf(
      fixture.session.execute("CREATE TABLE both_paths (id INT) USING csv OPTIONS (path '/a') LOCATION '/b'"),
    );
    expect(e.errorClass).toBe('_LEGACY_ERROR_TEMP_0032');
    expect(e.messageParameters).toEqual({ pathOne: '/b', pathTwo: '/a' });
  });
});
