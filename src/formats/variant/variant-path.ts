/**
 * Spark's variant extraction path (VariantPathParser in variantExpressions.scala): `$`, then any of `.key`
 * (a key without `.` or `[`), `['key']`, `["key"]` and `[index]`. Anything else is refused at analysis with
 * INVALID_VARIANT_GET_PATH.
 */
import type { VariantValue } from './variant-reader.js';

export type VariantPathStep = { readonly key: string } | { readonly index: number };

const STEP = /\.([^.[]+)|\['([^'?]+)'\]|\["([^"?]+)"\]|\[(\d+)\]/y;

/** The steps of `path`, or undefined when it is not a Spark variant path. */
export function parseVariantPath(path: string): VariantPathStep[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const steps: VariantPathStep[] = [];
  STEP.lastIndex = 1;
  while (STEP.lastIndex < path.length) {
    const m = STEP.exec(path);
    if (m === null) return undefined;
    if (m[4] !== undefined) {
      const index = Number(m[4]);
      if (!Number.isSafeInteger(index) || index > 0x7fffffff) return undefined;
      steps.push({ index });
    } else steps.push({ key: (m[1] ?? m[2] ?? m[3])! });
  }
  return steps;
}

/** The value at `steps`, or undefined when a step names no field or element (or meets a scalar). */
export function followVariantPath(
  v: VariantValue,
  steps: readonly VariantPathStep[],
): VariantValue | undefined {
  let at: VariantValue | undefined = v;
  for (const step of steps) {
    if (at === undefined) return undefined;
    const kind = at.kind();
    if ('key' in step) at = kind === 'object' ? at.field(step.key) : undefined;
    else at = kind === 'array' ? at.element(step.index) : undefined;
  }
  return at;
}
