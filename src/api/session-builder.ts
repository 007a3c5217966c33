/**
 * `LakeSession.builder().appName(x).master(x).config(key, value).getOrCreate()` (SparkSession.Builder).
 * getOrCreate returns the active session of the same warehouse (`spark.sql.warehouse.dir`) when one exists,
 * applying the builder's runtime settings to it as Spark does, or creates one. appName and master are
 * kept as `spark.app.name` / `spark.master`; there is no cluster, so master is informational.
 */
import path from 'node:path';
import { DEFAULT_WAREHOUSE, LakeSession, type LakeSessionOptions } from './lake-session.js';

const active = new Map<string, LakeSession>();

/** The sessions getOrCreate hands out, by resolved warehouse; stop() removes a session. */
export function forgetActiveSession(session: LakeSession): void {
  for (const [key, s] of active) if (s === session) active.delete(key);
}

export class SessionBuilder {
  private readonly conf = new Map<string, string>();
  private output: LakeSessionOptions['output'];

  appName(name: string): this {
    return this.config('spark.app.name', name);
  }

  master(master: string): this {
    return this.config('spark.master', master);
  }

  config(key: string, value: string | number | boolean): this {
    this.conf.set(key, String(value));
    return this;
  }

  /** Where show(), printSchema() and explain() write (process.stdout by default). */
  withOutput(output: (text: string) => void): this {
    this.output = output;
    return this;
  }

  async getOrCreate(): Promise<LakeSession> {
    const warehouse = path.resolve(this.conf.get('spark.sql.warehouse.dir') ?? DEFAULT_WAREHOUSE);
    const existing = active.get(warehouse);
    if (existing) {
      for (const [k, v] of this.conf) if (k !== 'spark.sql.warehouse.dir') await existing.conf.set(k, v);
      return existing;
    }
    const session = await LakeSession.create({
      warehouse,
      conf: Object.fromEntries(this.conf),
      ...(this.output ? { output: this.output } : {}),
    });
    active.set(warehouse, session);
    return session;
  }
}
