/**
 * DuckDB SQL for soundex (a chunk-at-a-time UDF), quote, mask, regexp_substr and regexp_instr.
 * mask replaces by Unicode category as Spark's Character.getType (Lu, Ll, Nd, anything else), in one pass:
 * each class first becomes a private-use placeholder, so a replacement character is never masked again.
 */
import { type CompileFn, compilers, literalString, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';
import { checkRegexPattern } from './regex-pattern.js';

const PLACEHOLDER = ['\uE000', '\uE001', '\uE002', '\uE003'];
const CLASSES = ['\\p{Lu}', '\\p{Ll}', '\\p{Nd}', '[^\\p{Lu}\\p{Ll}\\p{Nd}]'];
const DEFAULT_MASK = ['X', 'x', 'n', null];

const mask: CompileFn = ([s], args) => {
  const chars = [0, 1, 2, 3].map((i) => {
    const a = args[i + 1];
    return a === undefined ? DEFAULT_MASK[i]! : (literalString(a) ?? null);
  });
  let sql = s!;
  // The "other" class goes first so that the placeholders of the others are not taken for it.
  for (const i of [3, 0, 1, 2]) {
    if (chars[i] !== null) sql = `regexp_replace(${sql}, ${str(CLASSES[i]!)}, ${str(PLACEHOLDER[i]!)}, 'g')`;
  }
  for (const i of [0, 1, 2, 3]) {
    const c = chars[i];
    if (c !== null && c !== undefined) sql = `replace(${sql}, ${str(PLACEHOLDER[i]!)}, ${str(c)})`;
  }
  return sql;
};

export const TEXT_COMPILERS: readonly FunctionCompiler[] = compilers({
  soundex: ([s]) => `spark_soundex(${s})`,
  // ExpressionImplUtils.quote: only single quotes are escaped, with a backslash.
  quote: ([s]) => `('''' || replace(${s}, '''', '\\''') || '''')`,
  mask,
  regexp_substr: ([s, re], args) => {
    checkRegexPattern(args[1]?.value, 'regexp_substr');
    return `nullif(regexp_extract(${s}, ${re}, 0), '')`;
  },
  regexp_instr: ([s, re], args) => {
    checkRegexPattern(args[1]?.value, 'regexp_instr');
    // The shortest prefix before a match is where the leftmost match starts.
    const prefix = `regexp_extract(${s}, '^(?s:(.*?))(?:' || ${re} || ')', 1)`;
    return `CASE WHEN ${s} IS NULL OR ${re} IS NULL THEN NULL WHEN regexp_matches(${s}, ${re}) THEN CAST(length(${prefix}) + 1 AS INTEGER) ELSE 0 END`;
  },
  sentences: ([s, lang, country]) => `spark_sentences(${s}, ${lang ?? "''"}, ${country ?? "''"})`,
});
