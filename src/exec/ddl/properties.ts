/** OPTIONS / TBLPROPERTIES lists as string maps (Spark keeps property values as strings). */
import type { Property } from '../../sql/ast/common.js';

export function propertyMap(props: readonly Property[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of props) out[p.key] = p.value === null ? '' : String(p.value);
  return out;
}
