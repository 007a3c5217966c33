/**
 * Maintenance from a table's page: the check, OPTIMIZE with progress over the WebSocket, VACUUM's DRY RUN
 * listing the files a VACUUM then deletes, and the errors of a retention too short and of a view.
 */
import { describe, expect, it } from 'vitest';
import type { MaintenanceAnswer } from './table-maintenance.js';
import { useUiServer } from './testing/ui-server-fixture.js';

const fx = useUiServer('lakesql-ui-maintenance-');

const maintain = (name: string, action: Record<string, unknown>) =>
  fx.api<MaintenanceAnswer>('/api/maintenance', { db: 'default', name, action });

function result(answer: MaintenanceAnswer) {
  if (!answer.ok) throw new Error(`failed: ${answer.error.errorClass} ${answer.error.message}`);
  return answer.result;
}

describe('lakesql ui server: table maintenance', () => {
  it('checks, optimizes with progress, previews VACUUM, vacuums, and checks again', async () => {
    await fx.api('/api/run', {
      sql: `CREATE TABLE m_events (id INT, name STRING) USING delta;
INSERT INTO m_events VALUES (1, 'a');
INSERT INTO m_events VALUES (2, 'b');
INSERT INTO m_events VALUES (3, NULL)`,
    });
    expect(result(await maintain('m_events', { kind: 'check' }))).toEqual({
      statement: expect.stringMatching(/^lakesql table check file:\/.*\/wh\/m_events$/),
      metrics: { version: '3', filesChecked: '3', statsChecked: '3', problems: '0' },
      problems: [],
    });

    const ws = await fx.socket();
    const frames: Record<string, unknown>[] = [];
    const done = new Promise<void>((resolve) => {
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as Record<string, unknown>;
        if (m.id !== 'opt') return;
        frames.push(m);
        if (m.type === 'maintained') resolve();
      });
    });
    ws.send(JSON.stringify({ type: 'maintain', id: 'opt', name: 'm_events', action: { kind: 'optimize' } }));
    await done;
    ws.close();
    expect(frames.filter((f) => f.type === 'progress')).toEqual([
      { type: 'progress', id: 'opt', phase: 'rewriting bins', done: 1, total: 1 },
    ]);
    const optimized = result(frames.at(-1)!.answer as MaintenanceAnswer);
    expect(optimized.statement).toBe('OPTIMIZE `m_events`');
    expect(optimized.metrics).toMatchObject({ numFilesAdded: '1', numFilesRemoved: '3' });

    // Under the 7-day default retention VACUUM refuses, as Delta does, unless the check is turned off.
    const refused = await maintain('m_events', { kind: 'vacuumDryRun', retainHours: 0 });
    expect(refused).toMatchObject({
      ok: false,
      error: { errorClass: 'DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT' },
    });
    await fx.api('/api/run', { sql: 'SET spark.databricks.delta.retentionDurationCheck.enabled = false' });
    const preview = result(await maintain('m_events', { kind: 'vacuumDryRun', retainHours: 0 }));
    expect(preview.statement).toBe('VACUUM `default`.`m_events` RETAIN 0 HOURS DRY RUN');
    expect(preview.metrics.numFilesToDelete).toBe('3');
    expect(preview.files).toHaveLength(3);
    expect(preview.files?.every((f) => f.startsWith('file:/') && f.endsWith('.parquet'))).toBe(true);
    const vacuumed = result(await maintain('m_events', { kind: 'vacuum', retainHours: 0 }));
    expect(vacuumed.metrics).toEqual({ numDeletedFiles: '3', numVacuumedDirectories: '1' });
    expect(result(await maintain('m_events', { kind: 'check' })).metrics).toMatchObject({
      version: '6',
      filesChecked: '1',
      problems: '0',
    });
    expect(await fx.sql.rows('SELECT count(*) FROM m_events')).toEqual([[3n]]);
  });

  it('refuses a view, and a request without an action', async () => {
    await fx.api('/api/run', { sql: 'CREATE VIEW m_view AS SELECT 1 AS one' });
    expect(await maintain('m_view', { kind: 'optimize' })).toMatchObject({ ok: false });
    const res = await fetch(`${fx.base}/api/maintenance`, {
      method: 'POST',
      headers: { 'x-lakesql-token': 'test-token-0123456789' },
      body: JSON.stringify({ name: 'm_events', action: { kind: 'repair' } }),
    });
    expect(res.status).toBe(400);
  });
});
