/**
 * Spark's JsonPathParser grammar for get_json_object: `$` then any of `.name`, `.*`, `[n]`, `[*]`, `['name']`.
 * A path outside it makes Spark return NULL (not an error), while DuckDB's json_extract would fail or read it
 * with its own wider syntax, so a literal path is checked before compiling.
 */
const SPARK_JSON_PATH = /^\$(?:\.[^.[]+|\[\*\]|\[\d+\]|\['[^']*'\])*$/;

export function isSparkJsonPath(path: string): boolean {
  return SPARK_JSON_PATH.test(path);
}

/**
 * DuckDB spells Spark's bracketed name `['a b']` as `."a b"`. DuckDB's `$` paths cannot hold a name with `"`,
 * so a path naming one becomes a JSON pointer (`/a"b/0`, `~` and `/` escaped); with `[*]` too it is
 * null (lakesql returns NULL there).
 */
export function duckDbJsonPath(path: string): string | null {
  const steps = [...path.slice(1).matchAll(/\.([^.[]+)|\[(\*|\d+)\]|\['([^']*)'\]/g)];
  const names = steps.map((m) => m[1] ?? m[3]);
  if (!names.some((n) => n?.includes('"'))) return path.replace(/\['([^'"]*)'\]/g, '."$1"');
  if (steps.some((m) => m[2] === '*')) return null;
  return steps.map((m, i) => `/${(names[i] ?? m[2]!).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
