/**
 * Spark 4's view schema binding modes (CatalogTable.viewSchemaMode and the checks of CreateViewCommand /
 * AlterViewSchemaBindingCommand). The mode lives in the view's `view.schemaMode` property, as Spark stores
 * it; with `spark.sql.legacy.viewSchemaBindingMode` false every view reads as UNSUPPORTED (Spark 3's
 * behaviour) and the WITH SCHEMA clause is refused.
 */
import type { CatalogView } from '../../catalog/catalog-types.js';
import { LakesqlError } from '../../errors/index.js';
import type { ViewSchemaBinding } from '../../sql/ast/statements-ddl.js';

export const VIEW_SCHEMA_MODE_PROPERTY = 'view.schemaMode';
const BINDING_MODE_CONF = 'spark.sql.legacy.viewSchemaBindingMode';
const COMPENSATION_CONF = 'spark.sql.legacy.viewSchemaCompensation';

/** A recorded mode, or UNSUPPORTED when schema binding is switched off. */
export type ViewSchemaMode = ViewSchemaBinding | 'UNSUPPORTED';

interface ConfReader {
  confValue(key: string): string | undefined;
}

export function viewSchemaBindingEnabled(session: ConfReader): boolean {
  return session.confValue(BINDING_MODE_CONF)?.toLowerCase() !== 'false';
}

/** spark.sql.legacy.viewSchemaCompensation: unbound views cast with ANSI casts rather than up-casts. */
export function viewSchemaCompensation(session: ConfReader): boolean {
  return session.confValue(COMPENSATION_CONF)?.toLowerCase() !== 'false';
}

/** CatalogTable.viewSchemaMode: the recorded mode, BINDING for a view that records none. */
export function viewSchemaModeOf(view: CatalogView, session: ConfReader): ViewSchemaMode {
  if (!viewSchemaBindingEnabled(session)) return 'UNSUPPORTED';
  const recorded = view.properties[VIEW_SCHEMA_MODE_PROPERTY];
  return recorded === 'COMPENSATION' || recorded === 'TYPE EVOLUTION' || recorded === 'EVOLUTION'
    ? recorded
    : 'BINDING';
}

/**
 * The `view.schemaMode` property a new view records: the clause's mode, else COMPENSATION when
 * spark.sql.legacy.viewSchemaCompensation is on, else none (which reads as BINDING). EVOLUTION with a column
 * list records TYPE EVOLUTION: the listed names stay, only types follow the query. Refuses the clause
 * when binding is off (FEATURE_NOT_ENABLED) and on temporary views, which Spark never binds.
 */
export function viewSchemaModeProperty(
  session: ConfReader,
  clause: ViewSchemaBinding | null,
  temporary: boolean,
  hasColumnList: boolean,
): Record<string, string> {
  if (clause !== null) checkSchemaBindingClause(session, temporary);
  if (temporary || !viewSchemaBindingEnabled(session)) return {};
  const mode =
    clause === 'EVOLUTION' && hasColumnList
      ? 'TYPE EVOLUTION'
      : (clause ?? (viewSchemaCompensation(session) ? 'COMPENSATION' : null));
  return mode === null ? {} : { [VIEW_SCHEMA_MODE_PROPERTY]: mode };
}

export function checkSchemaBindingClause(session: ConfReader, temporary: boolean): void {
  if (!viewSchemaBindingEnabled(session)) {
    throw new LakesqlError('FEATURE_NOT_ENABLED', {
      featureName: 'VIEW ... WITH SCHEMA ...',
      configKey: BINDING_MODE_CONF,
      configValue: 'true',
    });
  }
  if (temporary) throw new LakesqlError('UNSUPPORTED_FEATURE.TEMPORARY_VIEW_WITH_SCHEMA_BINDING_MODE', {});
}

/** The mode DESCRIBE EXTENDED and SHOW CREATE TABLE print for a view; none when binding is off. */
export function shownViewSchemaMode(session: ConfReader, view: CatalogView): string | undefined {
  return viewSchemaBindingEnabled(session) ? viewSchemaModeOf(view, session) : undefined;
}
