/** Test helper: resolve a call with the registry, compile it with its compiler over literal SQL, run on DuckDB. */

import { toDuckDBType } from '../../../engine/duckdb-types.js';
import type { EngineSession } from '../../../engine/engine-session.js';
import type { ArgInfo, SessionSemantics } from '../../../plan/functions/function-signature.js';
import { lookupFunction } from '../../../plan/functions/registry.js';
import type { DataType } from '../../../types/data-types.js';
import type { ScalarValue } from '../../../types/scalar.js';
import { lookupCompiler } from '../compilers.js';

export interface LiteralArg {
  readonly sql: string;
  readonly type: DataType;
  readonly value?: ScalarValue;
}

export const ANSI: SessionSemantics = { ansi: true, timeZone: 'UTC' };

export async function runCall(
  engine: EngineSession,
  name: string,
  args: readonly LiteralArg[],
  semantics = ANSI,
): Promise<unknown> {
  const sig = lookupFunction(name);
  const compiler = lookupCompiler(name);
  if (!sig || !compiler) throw new Error(`no function ${name}`);
  const infos: ArgInfo[] = args.map((a) => ({
    type: a.type,
    foldable: true,
    sql: a.sql,
    ...(a.value === undefined ? {} : { value: a.value }),
  }));
  const resolved = sig.resolve(infos, semantics);
  const compiled = args.map((a, i) => {
    const target = resolved.inputTypes[i] as DataType;
    const isVoid = a.type.kind === 'primitive' && a.type.name === 'void';
    const sql = isVoid
      ? `CAST(NULL AS ${toDuckDBType(target)})`
      : `CAST(${a.sql} AS ${toDuckDBType(target)})`;
    return { sql, type: target, ...(a.value === undefined ? {} : { value: a.value }) };
  });
  const sql = compiler.compile(compiled, resolved, semantics);
  const rows = await engine.all(`SELECT ${sql} AS r`);
  return rows[0]?.r;
}
