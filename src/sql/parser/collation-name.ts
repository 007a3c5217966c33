/**
 * Collation names as the parser meets them (`STRING COLLATE x`, `expr COLLATE x`, `DEFAULT COLLATION x`):
 * normalized as Spark prints them, or COLLATION_INVALID_NAME with Spark's suggestions.
 */
import { LakesqlError } from '../../errors/lakesql-error.js';
import {
  collationName,
  parseCollationName,
  stripCollationQualifier,
  UTF8_BINARY,
  UTF8_LCASE,
} from '../../types/collation.js';

/** The normalized name of a collation as written (`utf8_lcase` → `UTF8_LCASE`), or COLLATION_INVALID_NAME. */
export function normalizeCollationName(written: string): string {
  const spec = parseCollationName(written);
  if (!spec) throw invalidCollationName(written);
  return collationName(spec);
}

/** Spark's suggestions for a misspelt name: the closest well-known names by edit distance. */
function invalidCollationName(written: string): LakesqlError {
  const candidates = [
    UTF8_BINARY,
    UTF8_LCASE,
    'UTF8_BINARY_RTRIM',
    'UTF8_LCASE_RTRIM',
    'UNICODE',
    'UNICODE_CI',
    'UNICODE_AI',
    'UNICODE_CI_AI',
    'UNICODE_RTRIM',
  ];
  const target = stripCollationQualifier(written).toUpperCase();
  const proposals = candidates
    .map((c) => ({ c, d: editDistance(c, target) }))
    .filter(({ d }) => d <= 3)
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map(({ c }) => c);
  return new LakesqlError('COLLATION_INVALID_NAME', {
    collationName: `'${written}'`,
    proposals: proposals.join(', '),
  });
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    prev = row;
  }
  return prev[b.length]!;
}
