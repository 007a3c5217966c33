/**
 * spark.catalog (pyspark.sql.catalog.Catalog): the current database, databases, tables and temp views of the
 * session catalog, with PySpark's record shapes (Database, Table) in camelCase.
 */
import type { SessionCatalog } from '../catalog/session-catalog.js';
import type { TempView } from '../exec/relations/temp-view.js';
import { parseColumnName } from '../sql/ast/frame.js';

export interface Database {
  readonly name: string;
  readonly catalog: string;
  readonly description: string | null;
  readonly locationUri: string;
}

export interface Table {
  readonly name: string;
  readonly catalog: string | null;
  readonly namespace: readonly string[] | null;
  readonly description: string | null;
  readonly tableType: string;
  readonly isTemporary: boolean;
}

export class CatalogApi {
  constructor(private readonly catalog: SessionCatalog<TempView>) {}

  currentDatabase(): string {
    return this.catalog.currentDatabase;
  }

  setCurrentDatabase(name: string): Promise<void> {
    return this.catalog.setCurrentDatabase(name);
  }

  async listDatabases(pattern?: string): Promise<Database[]> {
    const names = await this.catalog.catalog.listDatabases(pattern);
    const out: Database[] = [];
    for (const name of names) {
      const db = await this.catalog.catalog.getDatabase(name);
      out.push({
        name,
        catalog: 'spark_catalog',
        description: db.comment === '' ? null : db.comment,
        locationUri: db.location,
      });
    }
    return out;
  }

  async databaseExists(name: string): Promise<boolean> {
    return this.catalog.catalog.databaseExists(name);
  }

  /** Tables and views of a database (the current one by default), then this session's temp views. */
  async listTables(database?: string, pattern?: string): Promise<Table[]> {
    const listing = await this.catalog.listTables(database, pattern);
    const out: Table[] = [];
    for (const t of listing) {
      const entry = t.isTemporary ? undefined : await this.catalog.catalog.lookupTable(t.namespace, t.name);
      out.push({
        name: t.name,
        catalog: t.isTemporary ? null : 'spark_catalog',
        namespace: t.namespace === '' ? [] : [t.namespace],
        description: null,
        tableType: t.isTemporary ? 'TEMPORARY' : (entry?.tableType ?? 'MANAGED'),
        isTemporary: t.isTemporary,
      });
    }
    return out;
  }

  /** Whether a table or view (temp views included) of that name exists (`t`, `db.t`). */
  async tableExists(name: string, database?: string): Promise<boolean> {
    const parts = database ? [database, name] : parseColumnName(name);
    return (await this.catalog.lookupRelation(parts)) !== undefined;
  }

  /** Drops a local temp view; false when there was none. */
  dropTempView(name: string): boolean {
    return this.catalog.tempViews.has(name) ? this.catalog.dropTempView([name]) : false;
  }

  dropGlobalTempView(name: string): boolean {
    return this.catalog.dropTempView(['global_temp', name]);
  }
}
