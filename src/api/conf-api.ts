/**
 * spark.conf (pyspark.sql.conf.RuntimeConfig) over the SQL session's configuration, so that a key set here is
 * what SQL statements see (`spark.sql.ansi.enabled`, `spark.sql.session.timeZone`, …). set/unset are async
 * because the session time zone is also the engine's.
 */
import { LakesqlError } from '../errors/index.js';
import { DEFAULT_CONF, type SqlSession } from '../exec/session/sql-session.js';

/** Keys fixed when the session starts (Spark's static SQL configurations). */
const STATIC_KEYS = new Set(['spark.sql.warehouse.dir']);

export class RuntimeConfig {
  constructor(private readonly session: SqlSession) {}

  /**
   * The value of a key, else `defaultValue`, else the key's registered default (docs/CONFIG.md), as Spark's
   * getConfString orders them; undefined when none exists, where PySpark raises.
   */
  get(key: string, defaultValue?: string): string | undefined {
    return this.session.conf.get(key) ?? defaultValue ?? this.session.confValue(key);
  }

  async set(key: string, value: string | number | boolean): Promise<void> {
    if (STATIC_KEYS.has(key)) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `modifying the static config ${key}` });
    }
    await this.session.setConf(key, String(value));
  }

  /** Back to the default (Spark's RESET key). */
  async unset(key: string): Promise<void> {
    const dflt = DEFAULT_CONF[key];
    if (dflt !== undefined) await this.session.setConf(key, dflt);
    else this.session.conf.delete(key);
  }

  getAll(): Record<string, string> {
    return Object.fromEntries(this.session.conf);
  }

  isModifiable(key: string): boolean {
    return !STATIC_KEYS.has(key);
  }
}
