/**
 * DuckDB SQL for format_string / printf: the constant format (plan/functions/java-format.ts) becomes a
 * concatenation of its text and one DuckDB printf per specifier. A NULL value prints `null` (Java's
 * Formatter), padded to the width; `%f` of a DOUBLE rounds its shortest decimal digits HALF_UP as Java does
 * (through a DECIMAL), and NaN / Infinity print as Java prints them.
 */
import { type FormatPiece, parseJavaFormat } from '../../plan/functions/java-format.js';
import { isFractional, isPrimitiveNamed } from '../../plan/functions/type-classes.js';
import type { DataType } from '../../types/data-types.js';
import { type CompileFn, compilers, literalString, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

type Spec = Extract<FormatPiece, { kind: 'spec' }>;

/** `printf('%<-><width>s', text)`: Java pads `null`, NaN and Infinity like a string. */
function padded(spec: Spec, textSql: string): string {
  return `printf(${str(`%${spec.flags.includes('-') ? '-' : ''}${spec.width}s`)}, ${textSql})`;
}

const INTEGRAL_BITS: Readonly<Record<string, number>> = { byte: 8, short: 16, integer: 32, long: 64 };

/** Java's %x / %o of a negative value: the value plus 2^bits of its type. */
function unsigned(a: string, t: DataType): string {
  const bits = INTEGRAL_BITS[(t as { name: string }).name] ?? 64;
  if (bits === 64)
    return `CAST(CASE WHEN ${a} < 0 THEN ${a}::HUGEINT + ${2n ** 64n} ELSE ${a}::HUGEINT END AS UBIGINT)`;
  return `CASE WHEN ${a} < 0 THEN ${a}::BIGINT + ${2 ** bits} ELSE ${a}::BIGINT END`;
}

function specSql(spec: Spec, a: string, t: DataType): string {
  const fmt = `%${spec.flags}${spec.width}${spec.precision !== undefined ? `.${spec.precision}` : ''}`;
  let body: string;
  switch (spec.conversion) {
    case 's':
    case 'S': {
      const text = isPrimitiveNamed(t, 'boolean')
        ? `CASE WHEN ${a} THEN 'true' ELSE 'false' END`
        : `CAST(${a} AS VARCHAR)`;
      body = `printf(${str(`${fmt}s`)}, ${text})`;
      break;
    }
    case 'f': {
      const digits = Number(spec.precision ?? 6);
      if (isFractional(t)) {
        const exact = `round(CAST(CAST(${a} AS VARCHAR) AS DECIMAL(38, 19)), ${digits})`;
        const value = `CASE WHEN abs(${a}) < 1e18 THEN printf(${str(`${fmt}f`)}, ${exact}) ELSE printf(${str(`${fmt}f`)}, ${a}) END`;
        body = `CASE WHEN isnan(${a}) THEN ${padded(spec, "'NaN'")} WHEN ${a} = 'inf'::DOUBLE THEN ${padded(spec, spec.flags.includes('+') ? "'+Infinity'" : "'Infinity'")} WHEN ${a} = '-inf'::DOUBLE THEN ${padded(spec, "'-Infinity'")} ELSE ${value} END`;
      } else {
        body = `printf(${str(`${fmt}f`)}, round(${a}, ${digits}))`;
      }
      break;
    }
    case 'x':
    case 'X':
    case 'o':
      body = `printf(${str(`${fmt}${spec.conversion}`)}, ${unsigned(a, t)})`;
      break;
    default:
      body = `printf(${str(`${fmt}${spec.conversion}`)}, ${a})`;
  }
  if (spec.conversion === 'S') body = `upper(${body})`;
  const nullText = padded(spec, spec.conversion === 'S' ? "'NULL'" : "'null'");
  return `CASE WHEN ${a} IS NULL THEN ${nullText} ELSE ${body} END`;
}

const formatString: CompileFn = (sql, args) => {
  const format = literalString(args[0]);
  if (format === undefined) return 'CAST(NULL AS VARCHAR)';
  const types = args.slice(1).map((a) => a.type);
  const parts = parseJavaFormat(format, types).map((p) =>
    p.kind === 'text' ? str(p.text) : specSql(p, sql[p.arg + 1]!, types[p.arg]!),
  );
  return parts.length === 0 ? "''" : `(${parts.join(' || ')})`;
};

export const FORMAT_STRING_COMPILERS: readonly FunctionCompiler[] = compilers({
  format_string: formatString,
  printf: formatString,
});
