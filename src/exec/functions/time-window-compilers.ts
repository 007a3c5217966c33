/**
 * DuckDB SQL for tumbling time windows (TimeWindowing.getWindow): the window start is the time minus its
 * remainder past startTime modulo the slide (made non-negative), the end the start plus the window.
 */
import { LakesqlError } from '../../errors/index.js';
import type { ArgInfo } from '../../plan/functions/function-signature.js';
import { windowSpec } from '../../plan/functions/time-window-functions.js';
import { compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const TIME_WINDOW_COMPILERS: readonly FunctionCompiler[] = compilers({
  window: (sql, args, resolved) => {
    const t = sql[0] as string;
    const infos: ArgInfo[] = args.slice(0, 4).map((a) => ({
      type: a.type,
      foldable: true,
      sql: a.sql,
      ...(a.value === undefined ? {} : { value: a.value }),
    }));
    const { window, slide, start } = windowSpec(infos);
    const ntz =
      resolved.returnType.kind === 'struct' &&
      resolved.returnType.fields[0]?.type.kind === 'primitive' &&
      resolved.returnType.fields[0].type.name === 'timestamp_ntz';
    const micros = `epoch_us(${t})`;
    const remainder = `((${micros} - ${start}) % ${slide})`;
    const lastStart = `(${micros} - CASE WHEN ${remainder} < 0 THEN ${remainder} + ${slide} ELSE ${remainder} END)`;
    const make = ntz ? 'make_timestamp' : 'make_timestamptz';
    const struct = (s: string) => `struct_pack("start" := ${make}(${s}), "end" := ${make}(${s} + ${window}))`;
    if (slide === window) return `(CASE WHEN ${t} IS NULL THEN NULL ELSE ${struct(lastStart)} END)`;
    // A sliding window: the analyzer (sliding-windows.ts) repeats each row per window index, given here.
    const index = sql[4];
    if (index === undefined)
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'sliding time windows outside the select list, GROUP BY, HAVING and ORDER BY of a query',
      });
    const windowStart = `(${lastStart} - ${index} * ${slide})`;
    return `(CASE WHEN ${t} IS NULL OR ${micros} >= ${windowStart} + ${window} THEN NULL ELSE ${struct(windowStart)} END)`;
  },
});
