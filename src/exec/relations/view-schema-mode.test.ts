/**
 * Spark 4's view schema binding: WITH SCHEMA BINDING | COMPENSATION | [TYPE] EVOLUTION on CREATE and ALTER
 * VIEW, what each mode does when the underlying table changes, and the legacy switches.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-view-schema-mode-');

async function schemaMode(view: string): Promise<unknown> {
  const rows = await db.rows(`DESCRIBE EXTENDED ${view}`);
  return rows.find((r) => r[0] === 'View Schema Mode')?.[1];
}

async function columns(view: string): Promise<unknown[][]> {
  const rows = await db.rows(`DESCRIBE ${view}`);
  return rows.map((r) => [r[0], r[1]]);
}

describe('view schema binding', () => {
  it('BINDING refuses a widened column and a lost one', async () => {
    await db.rows('CREATE TABLE vb (c1 INT, c2 INT) USING parquet');
    await db.rows('CREATE VIEW vbv WITH SCHEMA BINDING AS SELECT * FROM vb');
    expect(await schemaMode('vbv')).toBe('BINDING');
    await db.rows('DROP TABLE vb');
    await db.rows('CREATE TABLE vb (c1 BIGINT, c2 INT) USING parquet');
    const upCast = await errorOf(db.rows('SELECT * FROM vbv'));
    expect(upCast.errorClass).toBe('CANNOT_UP_CAST_DATATYPE');
    expect(upCast.messageParameters).toMatchObject({ sourceType: '"BIGINT"', targetType: '"INT"' });
    await db.rows('DROP TABLE vb');
    await db.rows('CREATE TABLE vb (c1 INT) USING parquet');
    const lost = await errorOf(db.rows('SELECT * FROM vbv'));
    expect(lost.errorClass).toBe('INCOMPATIBLE_VIEW_SCHEMA_CHANGE');
    expect(lost.messageParameters).toMatchObject({ colName: 'c2', expectedNum: '1', actualCols: '[]' });
  });

  it('COMPENSATION (the default) casts with ANSI rules and drops added columns', async () => {
    await db.rows('CREATE TABLE vc (c1 INT) USING parquet');
    await db.rows('CREATE VIEW vcv AS SELECT * FROM vc');
    expect(await schemaMode('vcv')).toBe('COMPENSATION');
    await db.rows('DROP TABLE vc');
    await db.rows('CREATE TABLE vc (c1 STRING, c2 INT) USING parquet');
    await db.rows("INSERT INTO vc VALUES ('7', 1)");
    expect(await db.rows('SELECT * FROM vcv')).toEqual([[7]]);
    await db.rows("INSERT INTO vc VALUES ('x', 2)");
    expect((await errorOf(db.rows('SELECT * FROM vcv'))).errorClass).toBe('CAST_INVALID_INPUT');
  });

  it('TYPE EVOLUTION follows the types and records them; EVOLUTION follows names and arity', async () => {
    await db.rows('CREATE TABLE vt (c1 INT, c2 INT) USING parquet');
    await db.rows('CREATE VIEW vtv WITH SCHEMA TYPE EVOLUTION AS SELECT * FROM vt');
    await db.rows('CREATE VIEW vev WITH SCHEMA EVOLUTION AS SELECT * FROM vt');
    await db.rows('CREATE VIEW vel (a1, a2) WITH SCHEMA EVOLUTION AS SELECT * FROM vt');
    expect(await schemaMode('vel')).toBe('TYPE EVOLUTION');
    await db.rows('DROP TABLE vt');
    await db.rows('CREATE TABLE vt (c1 BIGINT, c2 STRING, c3 DATE) USING parquet');
    await db.rows('SELECT * FROM vtv');
    expect(await columns('vtv')).toEqual([
      ['c1', 'bigint'],
      ['c2', 'string'],
    ]);
    await db.rows('SELECT * FROM vel');
    expect(await columns('vel')).toEqual([
      ['a1', 'bigint'],
      ['a2', 'string'],
    ]);
    await db.rows('SELECT * FROM vev');
    expect(await columns('vev')).toEqual([
      ['c1', 'bigint'],
      ['c2', 'string'],
      ['c3', 'date'],
    ]);
  });

  it('ALTER VIEW … WITH SCHEMA records the mode; SHOW CREATE TABLE prints it', async () => {
    await db.rows('CREATE TABLE va (c1 INT) USING parquet');
    await db.rows("CREATE VIEW vav (x COMMENT 'the x') TBLPROPERTIES ('p' = '1') AS SELECT c1 FROM va");
    await db.rows('ALTER VIEW vav WITH SCHEMA BINDING');
    expect(await db.rows('SHOW CREATE TABLE vav AS SERDE')).toEqual(await db.rows('SHOW CREATE TABLE vav'));
    expect(await db.rows('SHOW CREATE TABLE vav')).toEqual([
      [
        "CREATE VIEW default.vav (\n  x COMMENT 'the x')\nTBLPROPERTIES (\n  'p' = '1')\nWITH SCHEMA BINDING\nAS SELECT c1 FROM va\n",
      ],
    ]);
  });

  it('refuses the clause on temporary views and when binding is switched off', async () => {
    const temp = await errorOf(db.rows('CREATE TEMPORARY VIEW tv WITH SCHEMA BINDING AS SELECT 1'));
    expect(temp.errorClass).toBe('UNSUPPORTED_FEATURE.TEMPORARY_VIEW_WITH_SCHEMA_BINDING_MODE');
    await db.rows('SET spark.sql.legacy.viewSchemaBindingMode = false');
    try {
      const off = await errorOf(db.rows('CREATE VIEW vo WITH SCHEMA EVOLUTION AS SELECT 1'));
      expect(off.errorClass).toBe('FEATURE_NOT_ENABLED');
      expect(off.messageParameters).toEqual({
        featureName: 'VIEW ... WITH SCHEMA ...',
        configKey: 'spark.sql.legacy.viewSchemaBindingMode',
        configValue: 'true',
      });
      await db.rows('CREATE VIEW vo AS SELECT 1 AS a');
      expect(await schemaMode('vo')).toBeUndefined();
    } finally {
      await db.rows('SET spark.sql.legacy.viewSchemaBindingMode = true');
    }
  });

  it('a persistent view may not name a temporary view, in subqueries too', async () => {
    await db.rows('CREATE TEMPORARY VIEW tmp_src AS SELECT 1 AS a');
    const e = await errorOf(
      db.rows('CREATE VIEW pv AS SELECT * FROM range(1) WHERE EXISTS (SELECT 1 FROM tmp_src)'),
    );
    expect(e.errorClass).toBe('INVALID_TEMP_OBJ_REFERENCE');
    expect(e.messageParameters).toEqual({
      obj: 'VIEW',
      objName: '`spark_catalog`.`default`.`pv`',
      tempObj: 'VIEW',
      tempObjName: '`tmp_src`',
    });
    await db.rows('CREATE VIEW pv AS WITH tmp_src AS (SELECT 2 AS a) SELECT a FROM tmp_src');
    expect(await db.rows('SELECT * FROM pv')).toEqual([[2]]);
  });
});
