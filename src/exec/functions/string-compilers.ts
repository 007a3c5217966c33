/**
 * DuckDB SQL for Spark's string functions. Where DuckDB differs: Spark's substring treats position 0 as 1 and
 * a negative position as counted from the end (UTF8String.substringSQL); split takes a Java regex and a limit;
 * lpad/rpad truncate; concat_ws skips NULLs but concat does not; instr/locate are 1-based with 0 for "absent".
 * Regexes go to RE2 (DuckDB): Java-only syntax (lookaround, backreferences, possessive quantifiers) is unsupported.
 */

import { isPrimitiveNamed } from '../../plan/functions/type-classes.js';
import { tryable } from '../operators/sql-helpers.js';
import { encodeSql } from './charset-compilers.js';
import { type CompileFn, call, compilers, raise, str } from './compiler-kit.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';
import { capturingGroupCount, checkRegexPattern } from './regex-pattern.js';
import { sizeChecked, stringBytes } from './size-limit.js';

/**
 * An array's non-NULL elements joined by `sep`, as ConcatWs flattens arrays. DuckDB's array_to_string takes only a constant separator (it is
 * string_agg underneath), so a separator that is a column or an expression folds the elements pairwise.
 */
function joinArray(list: string, sep: string, constantSep: boolean): string {
  const present = `list_filter(${list}, lambda x: x IS NOT NULL)`;
  const joined = constantSep
    ? `array_to_string(${list}, ${sep})`
    : `list_reduce(list_transform(${present}, lambda x: CAST(x AS VARCHAR)), lambda a, b: a || ${sep} || b)`;
  // An array with no element adds nothing (NULL, which concat_ws skips), not an empty part.
  return `CASE WHEN len(${present}) = 0 THEN NULL ELSE ${joined} END`;
}

/** Checks a literal pattern (argument 2) at compile time; gives undefined so the compiler goes on. */
function checked(args: readonly { value?: unknown }[], functionName: string): undefined {
  checkRegexPattern(args[1]?.value, functionName);
  return undefined;
}

/**
 * regexp_extract / regexp_extract_all (RegExpExtractBase): a group that took no part in the match is '', and
 * a group index past the pattern's groups (or negative) fails with REGEX_GROUP_INDEX once a row matches, as
 * Spark checks it per match. The index is a constant for DuckDB; a literal pattern's groups are counted here.
 */
function extractGroup(
  fn: 'regexp_extract' | 'regexp_extract_all',
  [s, re, g]: readonly string[],
  args: Parameters<CompileFn>[1],
): string {
  checkRegexPattern(args[1]?.value, fn);
  const index = g === undefined ? 1 : literalInt(args[2]);
  const pattern = args[1]?.value;
  if (typeof pattern === 'string' && index !== undefined) {
    const groupCount = capturingGroupCount(pattern);
    if (index < 0 || index > groupCount) {
      const fault = raise('INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX', {
        parameter: str('`idx`'),
        functionName: str(`\`${fn}\``),
        groupCount: str(String(groupCount)),
        groupIndex: str(String(index)),
      });
      const none = fn === 'regexp_extract' ? "''" : 'CAST([] AS VARCHAR[])';
      return `CASE WHEN ${s} IS NULL OR ${re} IS NULL THEN NULL WHEN regexp_matches(${s}, ${re}) THEN ${fault} ELSE ${none} END`;
    }
  }
  const extracted = `${fn}(${s}, ${re}, ${g ?? '1'})`;
  return fn === 'regexp_extract' ? extracted : `list_transform(${extracted}, lambda m: coalesce(m, ''))`;
}

/** UTF8String.substringSQL(pos, len): pos 0 is 1, negative counts from the end, len < 0 is empty. */
/** Whether the first argument is BINARY (Spark's implicit binary-to-string keeps invalid bytes). */
const isBinary = (args: Parameters<CompileFn>[1]): boolean =>
  isPrimitiveNamed(args[0]?.type ?? { kind: 'calendarInterval' }, 'binary');

/** A literal argument's integer value, when it is one. */
function literalInt(arg: Parameters<CompileFn>[1][number] | undefined): number | undefined {
  const v = arg?.value;
  return typeof v === 'number' || typeof v === 'bigint' ? Number(v) : undefined;
}

const substring: CompileFn = ([s, pos, len], args) => {
  const binary = isPrimitiveNamed(args[0]?.type ?? { kind: 'calendarInterval' }, 'binary');
  // A literal position from 1 and a literal length from 0 (`substr(c, 1, 3)`) mean the same in DuckDB's
  // character-wise substring: no per-row window arithmetic.
  const p = literalInt(args[1]);
  const n = len === undefined ? 0 : literalInt(args[2]);
  if (!binary && p !== undefined && p >= 1 && n !== undefined && n >= 0) {
    return len === undefined ? `substring(${s}, ${pos})` : `substring(${s}, ${pos}, ${len})`;
  }
  const length = binary ? `octet_length(${s})` : `length(${s})`;
  const start = `(CASE WHEN ${pos} > 0 THEN ${pos} WHEN ${pos} < 0 THEN ${length} + ${pos} + 1 ELSE 1 END)`;
  // Java: start index may fall before the string; the window [start, start+len) is clipped to [1, length].
  const startRaw = `(CASE WHEN ${pos} > 0 THEN CAST(${pos} AS BIGINT) WHEN ${pos} < 0 THEN ${length} + ${pos} + 1 ELSE 1 END)`;
  if (len === undefined) return `substring(${s}, greatest(${start}, 1))`;
  const end = `(${startRaw} + CAST(${len} AS BIGINT))`;
  return `CASE WHEN ${len} IS NULL OR ${pos} IS NULL THEN NULL ELSE substring(${s}, CAST(greatest(${startRaw}, 1) AS BIGINT), CAST(greatest(least(${end}, ${length} + 1) - greatest(${startRaw}, 1), 0) AS BIGINT)) END`;
};

const pad =
  (side: 'l' | 'r'): CompileFn =>
  ([s, n, p], args, _resolved, semantics) => {
    const memory = { bytes: stringBytes(`CAST(${n} AS HUGEINT)`), semantics };
    const binary = isPrimitiveNamed(args[0]?.type ?? { kind: 'calendarInterval' }, 'binary');
    if (binary) {
      // DuckDB has no byte-wise lpad/rpad: pad the hex text (two characters a byte) and decode it again.
      const padHex = p === undefined ? `'00'` : `hex(${p})`;
      const hexOf = `hex(${s})`;
      const padded = `${side}pad(${hexOf}, 2 * ${n}, ${padHex})`;
      return sizeChecked(
        `${side}pad`,
        'len',
        `CAST(${n} AS HUGEINT)`,
        `CASE WHEN ${n} <= 0 THEN ''::BLOB WHEN ${padHex} = '' AND octet_length(${s}) < ${n} THEN ${s} ELSE unhex(${padded}) END`,
        // The hex text it pads is twice the result.
        { bytes: stringBytes(`CAST(${n} AS HUGEINT) * 3`), semantics },
      );
    }
    const padStr = p ?? `' '`;
    // len counts characters; a character is at least one byte, so len bounds the result from below.
    return sizeChecked(
      `${side}pad`,
      'len',
      `CAST(${n} AS HUGEINT)`,
      `CASE WHEN ${n} <= 0 THEN '' WHEN ${padStr} = '' AND length(${s}) < ${n} THEN ${s} ELSE ${side}pad(${s}, ${n}, ${padStr}) END`,
      memory,
    );
  };

/**
 * split(str, regex, limit): Java String.split semantics, trailing empties kept (Spark passes limit 0 as -1). A
 * positive limit caps the parts, the last one holding the rest of the string unsplit: the first limit - 1
 * parts and the text after the first limit - 1 matches (their lengths locate it), with no per-row lambda.
 */
const split: CompileFn = ([str, regex, limit], args) => {
  checked(args, 'split');
  const s = str as string;
  const re = regex as string;
  const parts = `(CASE WHEN ${s} = '' AND ${re} = '' THEN [''] WHEN ${re} = '' THEN string_split(${s}, '') ELSE regexp_split_to_array(${s}, ${re}) END)`;
  const nullIfAnyNull = (body: string, operands: readonly string[]) =>
    `CASE WHEN ${operands.map((o) => `${o} IS NULL`).join(' OR ')} THEN NULL ELSE ${body} END`;
  if (limit === undefined) return nullIfAnyNull(parts, [s, re]);
  const head = `list_slice(${parts}, 1, ${limit} - 1)`;
  const skipped = `length(array_to_string(${head}, '')) + length(array_to_string(list_slice(regexp_extract_all(${s}, ${re}), 1, ${limit} - 1), ''))`;
  const capped = `list_append(${head}, substr(${s}, 1 + ${skipped}))`;
  return nullIfAnyNull(
    `CASE WHEN ${limit} > 0 AND len(${parts}) > ${limit} THEN ${capped} ELSE ${parts} END`,
    [s, re, limit],
  );
};

export const STRING_COMPILERS: readonly FunctionCompiler[] = compilers({
  ascii: ([s]) => `CASE WHEN ${s} = '' THEN 0 ELSE ascii(${s}) END`,
  base64: call('to_base64'),
  bit_length: ([s]) => `CAST(octet_length(CAST(${s} AS BLOB)) * 8 AS INTEGER)`,
  btrim: ([s, t]) => `trim(${s}, ${t ?? "' '"})`,
  char: ([n]) => `CASE WHEN ${n} < 0 THEN '' ELSE chr(CAST(${n} % 256 AS INTEGER)) END`,
  char_length: ([s], args) =>
    isPrimitiveNamed(args[0]?.type ?? { kind: 'calendarInterval' }, 'binary')
      ? `CAST(octet_length(${s}) AS INTEGER)`
      : `CAST(length(${s}) AS INTEGER)`,
  concat_ws: ([sep, ...rest], args) =>
    rest.length === 0
      ? `CASE WHEN ${sep} IS NULL THEN NULL ELSE '' END`
      : `concat_ws(${sep}, ${rest.map((r, i) => (args[i + 1]?.type.kind === 'array' ? joinArray(r, sep ?? "''", args[0]?.value !== undefined) : `CAST(${r} AS VARCHAR)`)).join(', ')})`,
  contains: ([a, b]) => `contains(CAST(${a} AS VARCHAR), CAST(${b} AS VARCHAR))`,
  endswith: ([a, b]) => `suffix(CAST(${a} AS VARCHAR), CAST(${b} AS VARCHAR))`,
  startswith: ([a, b]) => `starts_with(CAST(${a} AS VARCHAR), CAST(${b} AS VARCHAR))`,
  // Elt.eval: an index outside [1, n] raises INVALID_ARRAY_INDEX under ANSI, else gives NULL.
  elt: ([n, ...rest], _a, _r, semantics) => {
    const outside = semantics.ansi
      ? raise('INVALID_ARRAY_INDEX', { indexValue: n as string, arraySize: String(rest.length) })
      : 'NULL';
    return `CASE WHEN ${n} IS NULL THEN NULL WHEN ${n} < 1 OR ${n} > ${rest.length} THEN ${outside} ELSE [${rest.join(', ')}][${n}] END`;
  },
  find_in_set: ([s, set]) =>
    `CASE WHEN contains(${s}, ',') THEN 0 ELSE coalesce(list_position(string_split(${set}, ','), ${s}), 0) END`,
  initcap: ([s]) =>
    `array_to_string(list_transform(string_split(lower(${s}), ' '), lambda w: upper(w[1]) || w[2:]), ' ')`,
  instr: ([s, sub]) => `CAST(instr(${s}, ${sub}) AS INTEGER)`,
  lcase: call('lower'),
  ucase: call('upper'),
  left: ([s, n]) =>
    `CASE WHEN ${s} IS NULL OR ${n} IS NULL THEN NULL WHEN ${n} <= 0 THEN '' ELSE left(${s}, ${n}) END`,
  right: ([s, n]) =>
    `CASE WHEN ${s} IS NULL OR ${n} IS NULL THEN NULL WHEN ${n} <= 0 THEN '' ELSE right(${s}, ${n}) END`,
  levenshtein: ([a, b]) => `CAST(levenshtein(${a}, ${b}) AS INTEGER)`,
  locate: ([sub, s, pos]) =>
    pos === undefined
      ? `CAST(instr(${s}, ${sub}) AS INTEGER)`
      : `CASE WHEN ${pos} IS NULL THEN 0 WHEN ${pos} < 1 THEN 0 ELSE CAST(CASE WHEN instr(substring(${s}, ${pos}), ${sub}) = 0 THEN 0 ELSE instr(substring(${s}, ${pos}), ${sub}) + ${pos} - 1 END AS INTEGER) END`,
  position: ([sub, s, pos]) =>
    pos === undefined
      ? `CAST(instr(${s}, ${sub}) AS INTEGER)`
      : `CASE WHEN ${pos} IS NULL THEN 0 WHEN ${pos} < 1 THEN 0 ELSE CAST(CASE WHEN instr(substring(${s}, ${pos}), ${sub}) = 0 THEN 0 ELSE instr(substring(${s}, ${pos}), ${sub}) + ${pos} - 1 END AS INTEGER) END`,
  ltrim: ([s, t]) => `ltrim(${s}, ${t ?? "' '"})`,
  rtrim: ([s, t]) => `rtrim(${s}, ${t ?? "' '"})`,
  trim: ([s, t]) => `trim(${s}, ${t ?? "' '"})`,
  octet_length: ([s]) => `CAST(octet_length(CAST(${s} AS BLOB)) AS INTEGER)`,
  lpad: pad('l'),
  rpad: pad('r'),
  regexp_extract: (sql, args) => extractGroup('regexp_extract', sql, args),
  regexp_extract_all: (sql, args) => extractGroup('regexp_extract_all', sql, args),
  regexp_replace: ([s, re, rep, pos], args) =>
    (checked(args, 'regexp_replace') ?? pos === undefined)
      ? `regexp_replace(${s}, ${re}, regexp_replace(${rep}, '\\$(\\d)', '\\\\\\1', 'g'), 'g')`
      : `substring(${s}, 1, ${pos} - 1) || regexp_replace(substring(${s}, ${pos}), ${re}, regexp_replace(${rep}, '\\$(\\d)', '\\\\\\1', 'g'), 'g')`,
  regexp_like: ([s, re], args) => checked(args, 'regexp_like') ?? `regexp_matches(${s}, ${re})`,
  regexp_count: ([s, re], args) =>
    checked(args, 'regexp_count') ?? `CAST(len(regexp_extract_all(${s}, ${re})) AS INTEGER)`,
  // The limit is on the result's bytes (UTF8String.repeat allocates octet_length * times bytes).
  repeat: ([s, n], _args, _resolved, semantics) =>
    sizeChecked(
      'repeat',
      'n',
      `(CAST(strlen(${s}) AS HUGEINT) * greatest(${n}, 0))`,
      `repeat(${s}, greatest(${n}, 0))`,
      { bytes: stringBytes(`(CAST(strlen(${s}) AS HUGEINT) * greatest(${n}, 0))`), semantics },
    ),
  replace: ([s, from, to]) =>
    `CASE WHEN ${from} = '' THEN ${s} ELSE replace(${s}, ${from}, ${to ?? "''"}) END`,
  reverse: call('reverse'),
  space: ([n], _args, _resolved, semantics) =>
    sizeChecked('space', 'n', `CAST(${n} AS HUGEINT)`, `repeat(' ', greatest(${n}, 0))`, {
      bytes: stringBytes(`CAST(${n} AS HUGEINT)`),
      semantics,
    }),
  split,
  split_part: ([s, d, n]) =>
    `CASE WHEN ${n} = 0 THEN ${raise('INVALID_INDEX_OF_ZERO')} WHEN ${d} = '' THEN CASE WHEN abs(CAST(${n} AS BIGINT)) = 1 THEN ${s} ELSE '' END WHEN abs(CAST(${n} AS BIGINT)) > len(string_split(${s}, ${d})) THEN '' WHEN ${n} > 0 THEN string_split(${s}, ${d})[${n}] ELSE string_split(${s}, ${d})[len(string_split(${s}, ${d})) + ${n} + 1] END`,
  substring,
  substr: substring,
  substring_index: ([s, d, n]) =>
    `CASE WHEN ${n} = 0 OR ${d} = '' THEN '' WHEN ${n} > 0 THEN array_to_string(string_split(${s}, ${d})[1:${n}], ${d}) ELSE array_to_string(string_split(${s}, ${d})[${n}:], ${d}) END`,
  translate: call('translate'),
  hex: ([x], args) => {
    const t = args[0]?.type;
    if (
      t &&
      t.kind === 'primitive' &&
      (t.name === 'long' || t.name === 'integer' || t.name === 'short' || t.name === 'byte')
    ) {
      return `upper(ltrim(hex(CAST(${x} AS BIGINT)), '0')) || CASE WHEN ${x} = 0 THEN '0' ELSE '' END`;
    }
    return `upper(hex(CAST(${x} AS BLOB)))`;
  },
  unhex: ([text]) =>
    tryable(
      text!,
      (s) => `CASE WHEN length(${s}) % 2 = 1 THEN try(unhex('0' || ${s})) ELSE try(unhex(${s})) END`,
    ),
  unbase64: call('from_base64'),
  luhn_check: ([s]) =>
    `CASE WHEN ${s} IS NULL THEN NULL WHEN NOT regexp_full_match(${s}, '[0-9]+') THEN false ELSE list_sum(list_transform(range(length(${s})), lambda i: CASE WHEN i % 2 = 1 THEN (CAST(reverse(${s})[i + 1] AS INTEGER) * 2) // 10 + (CAST(reverse(${s})[i + 1] AS INTEGER) * 2) % 10 ELSE CAST(reverse(${s})[i + 1] AS INTEGER) END)) % 10 = 0 END`,
  is_valid_utf8: ([text]) =>
    tryable(
      text!,
      (s) => `CASE WHEN ${s} IS NULL THEN NULL ELSE try(decode(CAST(${s} AS BLOB))) IS NOT NULL END`,
    ),
  // A STRING here is already valid UTF-8 (DuckDB's VARCHAR cannot hold anything else); only BINARY can fail.
  make_valid_utf8: ([s], args) => (isBinary(args) ? `spark_make_valid_utf8(${s})` : s!),
  validate_utf8: ([s], args) =>
    isBinary(args)
      ? tryable(
          s!,
          (b) =>
            `CASE WHEN ${b} IS NULL THEN NULL WHEN try(decode(${b})) IS NULL THEN ${raise('INVALID_UTF8_STRING', { str: b })} ELSE decode(${b}) END`,
        )
      : s!,
  try_validate_utf8: ([s], args) => (isBinary(args) ? tryable(s!, (b) => `try(decode(${b}))`) : s!),
  bin: ([n]) => `ltrim(bin(CAST(${n} AS BIGINT)), '0') || CASE WHEN ${n} = 0 THEN '0' ELSE '' END`,
  overlay: ([s, r, pos, len]) =>
    `substring(${s}, 1, ${pos} - 1) || ${r} || substring(${s}, ${pos} + ${len ?? `length(${r})`})`,
  encode: ([s], args, _r, semantics) => encodeSql(s as string, args[1] as CompiledArg, semantics),
  uuid: () => 'CAST(uuid() AS VARCHAR)',
});
