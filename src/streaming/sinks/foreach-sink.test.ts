/** The foreach sink: each row of each batch to a function, or to a writer's open/process/close. */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../api/dataframe/dataframe.js';
import { csvIdStream } from '../../api/testing/csv-stream.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-foreach-sink-');

async function twoFileStream(name: string) {
  const writer = await csvIdStream(fx, name, { 'a.csv': 'id\n1\n2\n', 'b.csv': 'id\n3\n' });
  return writer.trigger({ availableNow: true });
}

describe('writeStream.foreach', () => {
  it('calls a function with every row of every batch', async () => {
    const seen: Row[] = [];
    const q = await (await twoFileStream('fn')).foreach((row) => seen.push(row)).start();
    await q.awaitTermination();
    expect(seen).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(q.lastProgress?.numInputRows).toBe(1);
    expect(q.lastProgress?.sink.description).toBe('ForeachWriterTable');
  });

  it('opens and closes a writer per batch, skipping the rows of a batch it declines', async () => {
    const events: string[] = [];
    const q = await (await twoFileStream('writer'))
      .foreach({
        open: (partitionId, epochId) => {
          events.push(`open ${partitionId} ${epochId}`);
          return epochId !== 1;
        },
        process: (row) => events.push(`row ${String(row.id)}`),
        close: (error) => events.push(`close ${error === null ? 'ok' : 'error'}`),
      })
      .start();
    await q.awaitTermination();
    expect(events).toEqual(['open 0 0', 'row 1', 'row 2', 'close ok', 'open 0 1', 'close ok']);
  });

  it('closes with the error that stopped a batch and fails the query with it', async () => {
    const events: string[] = [];
    const q = await (await twoFileStream('failing'))
      .foreach({
        process: (row) => {
          if (row.id === 2) throw new Error('bad row 2');
          events.push(`row ${String(row.id)}`);
        },
        close: (error) => events.push(`close ${error instanceof Error ? error.message : 'ok'}`),
      })
      .start();
    await expect(q.awaitTermination()).rejects.toThrow('bad row 2');
    expect(events).toEqual(['row 1', 'close bad row 2']);
  });
});
