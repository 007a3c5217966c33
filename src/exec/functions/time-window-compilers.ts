/**
 * DuckDB SQL for tumbling time windows (TimeWindowing.getWindow): the window start is the time minus its
 * remainder past startTime modulo the slide (made non-negative), the end the start plus the window.
 */
import type { ArgInfo } from '../../plan/functions/function-signature.js';
import { windowSpec } from '../../plan/functions/time-window-functions.js';
import { compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const TIME_WINDOW_COMPILERS: readonly FunctionCompiler[] = compilers({
  window: ([t], args, resolved) => {
    const infos: ArgInfo[] = args.map((a) => ({
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
    return `(CASE WHEN ${t} IS NULL THEN NULL ELSE struct_pack("start" := ${make}(${lastStart}), "end" := ${make}(${lastStart} + ${window})) END)`;
  },
});
