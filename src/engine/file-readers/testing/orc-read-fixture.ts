/**
 * One EngineSession (in a zone with DST and a non-zero offset, so that wall-clock timestamps show the
 * session-zone reading) and a temp folder per test file, for tests of the columnar ORC path: `orcPlan`
 * plans a read of ORC paths and `columnar` runs it through orcReadSql, failing if that declines.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ORC_EXAMPLES_DIR } from '../../../conformance/data-dirs.js';
import { DataSourceOptions } from '../../../formats/data-source-options.js';
import { type OrcReadPlan, planFileRead } from '../../../formats/file-source.js';
import type { StructType } from '../../../types/data-types.js';
import { EngineSession } from '../../engine-session.js';
import { orcReadSql } from '../orc-read-sql.js';
import type { FileReadSql } from '../read-files.js';

/** The conformance folder of Apache ORC's example files. */
export const EXAMPLES = ORC_EXAMPLES_DIR;

/** An Apache ORC example file of the conformance folder. */
export const example = (name: string): string => path.join(EXAMPLES, name);

export interface OrcReadFixture {
  readonly engine: EngineSession;
  readonly dir: string;
  orcPlan(paths: readonly string[], schema?: StructType): Promise<OrcReadPlan>;
  columnar(plan: OrcReadPlan): Promise<FileReadSql>;
}

export function useOrcReadFixture(prefix: string): OrcReadFixture {
  let state: { engine: EngineSession; dir: string } | undefined;
  const current = () => {
    if (!state) throw new Error('the ORC read fixture is used outside a test');
    return state;
  };
  beforeAll(async () => {
    const engine = await EngineSession.create({ timeZone: 'America/Los_Angeles' });
    state = { engine, dir: await mkdtemp(path.join(tmpdir(), prefix)) };
  });
  afterAll(async () => {
    if (!state) return;
    state.engine.close();
    await rm(state.dir, { recursive: true, force: true });
  });
  return {
    get engine() {
      return current().engine;
    },
    get dir() {
      return current().dir;
    },
    async orcPlan(paths, schema) {
      const plan = await planFileRead({
        format: 'orc',
        paths,
        options: new DataSourceOptions(),
        dbfsRoot: current().dir,
        ...(schema ? { schema } : {}),
      });
      if (plan.kind !== 'orc') throw new Error(`expected an ORC plan, got ${plan.kind}`);
      return plan;
    },
    async columnar(plan) {
      const read = await orcReadSql(current().engine, plan);
      if (read === undefined) throw new Error('the columnar path declined the read');
      return read;
    },
  };
}
