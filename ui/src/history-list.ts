/** The warehouse's query history, newest first; choosing an entry puts its SQL in the editor. */
import { api, type HistoryEntry } from './api.js';
import { el } from './results-grid.js';

export async function renderHistory(parent: HTMLElement, use: (sql: string) => void): Promise<void> {
  const entries = await api<HistoryEntry[]>('/api/history');
  const list = el('ul', 'history');
  for (const entry of entries) {
    const li = el('li', entry.ok ? 'history-entry' : 'history-entry failed');
    const when = el('div', 'history-when');
    when.textContent = `${new Date(entry.at).toLocaleString()} · ${(entry.elapsedMs / 1000).toFixed(2)} s${entry.errorClass ? ` · ${entry.errorClass}` : ''}`;
    const text = el('code');
    text.textContent = entry.sql.length > 200 ? `${entry.sql.slice(0, 200)}…` : entry.sql;
    li.append(when, text);
    li.addEventListener('click', () => use(entry.sql));
    list.append(li);
  }
  if (entries.length === 0)
    list.append(Object.assign(el('li', 'tree-empty'), { textContent: 'No queries yet.' }));
  parent.replaceChildren(list);
}
