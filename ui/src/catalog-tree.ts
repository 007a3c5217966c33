/** The catalog tree: databases, then their tables and views; choosing one opens its page. */
import { api, type CatalogTree } from './api.js';
import { el } from './results-grid.js';

export async function renderCatalogTree(
  parent: HTMLElement,
  open: (database: string | undefined, name: string) => void,
): Promise<void> {
  const tree = await api<CatalogTree>('/api/catalog');
  const root = el('ul', 'tree');
  for (const db of tree.databases) {
    const item = el('li', 'tree-database');
    const details = el('details') as HTMLDetailsElement;
    details.open = db.name === tree.currentDatabase;
    const summary = el('summary');
    summary.textContent = db.name;
    const tables = el('ul');
    for (const t of db.tables) tables.append(tableItem(t.name, t.kind, () => open(db.name, t.name)));
    if (db.tables.length === 0)
      tables.append(Object.assign(el('li', 'tree-empty'), { textContent: 'no tables' }));
    details.append(summary, tables);
    item.append(details);
    root.append(item);
  }
  if (tree.tempViews.length > 0) {
    const item = el('li', 'tree-database');
    const details = el('details') as HTMLDetailsElement;
    details.open = true;
    const summary = el('summary');
    summary.textContent = 'temporary views';
    const views = el('ul');
    for (const v of tree.tempViews) views.append(tableItem(v, 'view', () => open(undefined, v)));
    details.append(summary, views);
    item.append(details);
    root.append(item);
  }
  const refresh = el('button', 'tree-refresh') as HTMLButtonElement;
  refresh.type = 'button';
  refresh.textContent = 'Refresh';
  refresh.addEventListener('click', () => void renderCatalogTree(parent, open));
  parent.replaceChildren(refresh, root);
}

function tableItem(name: string, kind: 'table' | 'view', onOpen: () => void): HTMLElement {
  const li = el('li', `tree-table tree-${kind}`);
  const link = el('a') as HTMLAnchorElement;
  link.href = '#';
  link.textContent = name;
  link.title = kind;
  link.dataset.table = name;
  link.addEventListener('click', (e) => {
    e.preventDefault();
    onOpen();
  });
  li.append(link);
  return li;
}
