/**
 * A table's maintenance: the check of `lakesql table check`, OPTIMIZE, and VACUUM, which only runs after a
 * DRY RUN preview has listed the files it would delete (with the same retention) and the user confirmed.
 * Each action shows its progress as the server reports it, then the statement it ran and its metrics.
 */
import type { MaintenanceAction, MaintenanceAnswer, RunClient } from './api.js';
import { el } from './results-grid.js';

export function maintenancePanel(client: RunClient, table: { db?: string; name: string }): HTMLElement {
  const panel = el('div', 'maintenance');
  const bar = el('div', 'maintenance-bar');
  const retain = el('input', 'vacuum-retain') as HTMLInputElement;
  retain.type = 'number';
  retain.min = '0';
  retain.placeholder = 'table default';
  retain.title = 'VACUUM RETAIN N HOURS (empty: the table’s delta.deletedFileRetentionDuration)';
  const check = action('Check files', 'maintain-check');
  const optimize = action('OPTIMIZE', 'maintain-optimize');
  const preview = action('Preview VACUUM (DRY RUN)', 'maintain-preview');
  const vacuum = action('VACUUM…', 'maintain-vacuum');
  vacuum.disabled = true;
  const retention = el('label');
  retention.append('retain hours ', retain);
  bar.append(check, optimize, preview, retention, vacuum);
  const progress = el('div', 'maintenance-progress');
  const output = el('div', 'maintenance-result');
  panel.append(bar, progress, output);

  /** The retention the last preview listed files for; VACUUM needs a preview of the same. */
  let previewed: { retain: string; files: number } | undefined;
  const retainHours = () => (retain.value === '' ? {} : { retainHours: Number(retain.value) });
  retain.addEventListener('input', () => {
    vacuum.disabled = previewed?.retain !== retain.value;
  });

  const buttons = [check, optimize, preview, vacuum];
  const run = (what: MaintenanceAction, after: (answer: MaintenanceAnswer) => void) => {
    for (const b of buttons) b.disabled = true;
    progress.dataset.state = 'running';
    progress.textContent = 'Starting…';
    output.replaceChildren();
    client.maintain(table, what, {
      progress: (phase, done, total) => {
        progress.textContent = total > 0 ? `${phase}: ${done} of ${total}` : `${phase}…`;
      },
      done: (answer) => {
        for (const b of [check, optimize, preview]) b.disabled = false;
        vacuum.disabled = previewed?.retain !== retain.value;
        progress.dataset.state = answer.ok ? 'done' : 'failed';
        progress.textContent = answer.ok ? `Done: ${answer.result.statement}` : 'Failed';
        output.replaceChildren(answerView(answer));
        after(answer);
      },
    });
  };

  check.addEventListener('click', () => run({ kind: 'check' }, () => undefined));
  // The page is not reloaded after OPTIMIZE, so that its metrics stay in view; reopening shows the commit.
  optimize.addEventListener('click', () => run({ kind: 'optimize' }, () => undefined));
  preview.addEventListener('click', () => {
    const asked = retain.value;
    previewed = undefined;
    run({ kind: 'vacuumDryRun', ...retainHours() }, (answer) => {
      if (!answer.ok) return;
      previewed = { retain: asked, files: Number(answer.result.metrics.numFilesToDelete ?? 0) };
      vacuum.disabled = retain.value !== asked;
    });
  });
  vacuum.addEventListener('click', () => {
    if (previewed === undefined) return;
    const question = `VACUUM ${table.name}: delete the ${previewed.files} files listed by the preview? They cannot be brought back, and time travel to versions that need them stops working.`;
    if (!confirm(question)) return;
    previewed = undefined;
    run({ kind: 'vacuum', ...retainHours() }, () => undefined);
  });
  return panel;
}

function action(text: string, className: string): HTMLButtonElement {
  const b = el('button', className) as HTMLButtonElement;
  b.type = 'button';
  b.textContent = text;
  return b;
}

function answerView(answer: MaintenanceAnswer): HTMLElement {
  if (!answer.ok) {
    const error = el('div', 'section-error maintenance-error');
    error.textContent = `${answer.error.errorClass} (SQLSTATE ${answer.error.sqlState}): ${answer.error.message}`;
    return error;
  }
  const box = el('div');
  const metrics = el('table', 'detail maintenance-metrics');
  for (const [name, value] of Object.entries(answer.result.metrics)) {
    const tr = el('tr');
    tr.append(
      Object.assign(el('td'), { textContent: name }),
      Object.assign(el('td'), { textContent: value }),
    );
    metrics.append(tr);
  }
  box.append(metrics);
  const list = (title: string, className: string, items: string[] | undefined) => {
    if (items === undefined) return;
    const heading = Object.assign(el('div', 'maintenance-list-title'), {
      textContent: items.length === 0 ? `${title}: none` : `${title}:`,
    });
    const ul = el('ul', className);
    for (const item of items) ul.append(Object.assign(el('li'), { textContent: item }));
    box.append(heading, ul);
  };
  list('Files to delete', 'vacuum-files', answer.result.files);
  list('Problems', 'check-problems', answer.result.problems);
  return box;
}
