/**
 * Delta's session defaults for table properties (DeltaConfigs.mergeGlobalConfigs): a session key
 * `spark.databricks.delta.properties.defaults.<name>` gives every new table (CREATE, REPLACE, CTAS and a
 * DataFrame's first write) the property `delta.<name>`, unless the statement sets that property itself.
 * Existing tables keep theirs: a default never changes a table that has a log.
 */
export const TABLE_PROPERTY_DEFAULTS_PREFIX = 'spark.databricks.delta.properties.defaults.';

/** The new table's properties: the session defaults, then the statement's own (which win, by key, case-insensitively). */
export function withTablePropertyDefaults(
  conf: ReadonlyMap<string, string>,
  properties: Readonly<Record<string, string>>,
): Record<string, string> {
  const given = new Set(Object.keys(properties).map((k) => k.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [key, value] of conf) {
    if (!key.toLowerCase().startsWith(TABLE_PROPERTY_DEFAULTS_PREFIX)) continue;
    const name = `delta.${key.slice(TABLE_PROPERTY_DEFAULTS_PREFIX.length)}`;
    if (!given.has(name.toLowerCase())) out[name] = value;
  }
  return { ...out, ...properties };
}
