/**
 * Spark's pattern for SHOW DATABASES/TABLES/VIEWS … LIKE 'pattern' (`StringUtils.filterPattern`): the
 * pattern is trimmed and split at `|`; in each alternative `*` stands for any characters and the rest is
 * a regular expression; matching is whole-name and case-insensitive. An alternative that is not a valid
 * regular expression matches nothing (Spark swallows PatternSyntaxException). The result is sorted and
 * without duplicates, as Spark's SortedSet gives it.
 */
export function filterPattern(names: Iterable<string>, pattern: string | undefined): string[] {
  const all = [...new Set(names)];
  if (pattern === undefined) return all.sort(byCodeUnit);
  const regexes = compilePattern(pattern);
  const kept = all.filter((name) => regexes.some((re) => re.test(name)));
  return kept.sort(byCodeUnit);
}

/** True when `name` matches `pattern` (see filterPattern). */
export function matchesPattern(name: string, pattern: string): boolean {
  return compilePattern(pattern).some((re) => re.test(name));
}

function compilePattern(pattern: string): RegExp[] {
  const out: RegExp[] = [];
  for (const alternative of pattern.trim().split('|')) {
    try {
      out.push(new RegExp(`^(?:${alternative.replaceAll('*', '.*')})$`, 'iu'));
    } catch {
      // Spark: `case _: PatternSyntaxException =>` (the alternative is ignored)
    }
  }
  return out;
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
