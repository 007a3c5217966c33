/**
 * Delta's session defaults for table properties (DeltaConfigs.mergeGlobalConfigs): a session key
 * `spark.databricks.delta.properties.defaults.<name>` gives every new table (CREATE, REPLACE, CTAS, path
 * tables and a DataFrame's first write) the property `delta.<name>`, unless the statement sets that property
 * itself. Existing tables keep theirs: a default never changes a table that has a log.
 *
 * Databricks turns deletion vectors on for new tables; lakesql does the same through the registered default
 * (`true`) of `…defaults.enableDeletionVectors`, so a new table gets `delta.enableDeletionVectors = true`
 * (and the `deletionVectors` table feature) unless the session sets that key to false.
 */
import { confDefault, confEntry, WAREHOUSE_DIR } from './conf-entries.js';

export const TABLE_PROPERTY_DEFAULTS_PREFIX = 'spark.databricks.delta.properties.defaults.';
export const ENABLE_DELETION_VECTORS_DEFAULT = `${TABLE_PROPERTY_DEFAULTS_PREFIX}enableDeletionVectors`;

/** The session's settings as the defaults read them: what it set, and a key's value with its registered default. */
export interface PropertyDefaultsSource {
  readonly conf: ReadonlyMap<string, string>;
  confValue(key: string): string | undefined;
}

/** The new table's properties: the session defaults, then the statement's own (which win, by key, case-insensitively). */
export function withTablePropertyDefaults(
  session: PropertyDefaultsSource,
  properties: Readonly<Record<string, string>>,
): Record<string, string> {
  const given = new Set(Object.keys(properties).map((k) => k.toLowerCase()));
  const out: Record<string, string> = {};
  for (const key of new Set([ENABLE_DELETION_VECTORS_DEFAULT, ...session.conf.keys()])) {
    if (!key.toLowerCase().startsWith(TABLE_PROPERTY_DEFAULTS_PREFIX)) continue;
    const value = session.confValue(key);
    const name = `delta.${key.slice(TABLE_PROPERTY_DEFAULTS_PREFIX.length)}`;
    if (value !== undefined && !given.has(name.toLowerCase())) out[name] = value;
  }
  return { ...out, ...properties };
}

/**
 * A session configuration map as the defaults read it: its set keys, else each key's registered default.
 * Every writer that creates a table from a session's configuration (delta-write.ts) reads the defaults so.
 */
export function propertyDefaultsOf(conf: ReadonlyMap<string, string>): PropertyDefaultsSource {
  return {
    conf,
    confValue: (key) => {
      const set = conf.get(key);
      if (set !== undefined) return set;
      const entry = confEntry(key);
      return entry && confDefault(entry, { warehouse: conf.get(WAREHOUSE_DIR) ?? '.' });
    },
  };
}
