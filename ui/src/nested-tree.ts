/**
 * A nested value (array, map, struct) unfolded as a tree: each level a <details> whose summary says its
 * shape and size, each leaf its display text (NULL as NULL). The first level is open; deeper ones open on
 * a click, so a wide value stays readable.
 */
import type { NestedNode } from './api.js';
import { el } from './results-grid.js';

export function treeView(node: NestedNode, label: string, open = true): HTMLElement {
  if (node === null || typeof node === 'string') {
    const leaf = el('div', node === null ? 'tree-leaf null' : 'tree-leaf');
    const key = Object.assign(el('span', 'tree-key'), { textContent: `${label}: ` });
    leaf.append(key, node ?? 'NULL');
    return leaf;
  }
  const details = el('details', 'tree-node') as HTMLDetailsElement;
  details.open = open;
  const summary = el('summary');
  const children: HTMLElement[] = [];
  if ('array' in node) {
    summary.textContent = `${label}: array (${node.array.length})`;
    for (const [i, e] of node.array.entries()) children.push(treeView(e, String(i), false));
  } else if ('map' in node) {
    summary.textContent = `${label}: map (${node.map.length})`;
    for (const [k, v] of node.map) children.push(treeView(v, keyText(k), false));
  } else {
    summary.textContent = `${label}: struct`;
    for (const [name, v] of node.struct) children.push(treeView(v, name, false));
  }
  details.append(summary, ...children);
  return details;
}

/** A map key as a label: its text when it is a plain value, its tree as JSON otherwise. */
function keyText(key: NestedNode): string {
  return key === null ? 'NULL' : typeof key === 'string' ? key : JSON.stringify(key);
}
