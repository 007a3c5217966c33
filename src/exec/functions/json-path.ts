/**
 * Spark's JsonPathParser grammar for get_json_object: `$` then any of `.name`, `.*`, `[n]`, `[*]`, `['name']`.
 * A path outside it makes Spark return NULL (not an error), while DuckDB's json_extract would fail or read it
 * with its own wider syntax, so a literal path is checked before compiling.
 */
const SPARK_JSON_PATH = /^\$(?:\.[^.[]+|\[\*\]|\[\d+\]|\['[^']*'\])*$/;

export function isSparkJsonPath(path: string): boolean {
  return SPARK_JSON_PATH.test(path);
}

/** DuckDB spells Spark's bracketed name `['a b']` as `."a b"`; a name holding `"` is left for DuckDB to judge. */
export function duckDbJsonPath(path: string): string {
  return path.replace(/\['([^'"]*)'\]/g, '."$1"');
}
