/**
 * Table properties a new Delta table takes from the session (Delta's DeltaConfigs.mergeGlobalConfigs):
 * each `spark.databricks.delta.properties.defaults.<key>` the session sets becomes the table property
 * `delta.<key>` unless the statement sets that property itself. Databricks turns deletion vectors on for
 * new tables; lakesql does the same through this key's registered default (`true`), so a new table gets
 * `delta.enableDeletionVectors = true` (and the `deletionVectors` table feature) unless the session sets
 * `spark.databricks.delta.properties.defaults.enableDeletionVectors = false`.
 */
import type { SqlSession } from '../sql-session.js';

export const PROPERTY_DEFAULTS_PREFIX = 'spark.databricks.delta.properties.defaults.';
export const ENABLE_DELETION_VECTORS_DEFAULT = `${PROPERTY_DEFAULTS_PREFIX}enableDeletionVectors`;

/** `properties` with the session's defaults for the `delta.*` keys it leaves unset. */
export function withTablePropertyDefaults(
  session: Pick<SqlSession, 'conf' | 'confValue'>,
  properties: Readonly<Record<string, string>>,
): Record<string, string> {
  const defaults: Record<string, string> = {};
  const keys = new Set([ENABLE_DELETION_VECTORS_DEFAULT, ...session.conf.keys()]);
  for (const key of keys) {
    if (!key.startsWith(PROPERTY_DEFAULTS_PREFIX)) continue;
    const value = session.confValue(key);
    if (value !== undefined) defaults[`delta.${key.slice(PROPERTY_DEFAULTS_PREFIX.length)}`] = value;
  }
  const setLower = new Set(Object.keys(properties).map((k) => k.toLowerCase()));
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries(defaults)) if (!setLower.has(k.toLowerCase())) merged[k] = v;
  return { ...properties, ...merged };
}
