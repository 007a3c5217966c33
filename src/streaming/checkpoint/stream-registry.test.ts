import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../storage/memory-store.js';
import { registeredStreams, registerStream, STREAMS_PREFIX } from './stream-registry.js';

describe('the stream registry', () => {
  it('keeps one entry per query id, newest first, with absolute checkpoint paths', async () => {
    const store = new MemoryObjectStore();
    await registerStream(store, { id: 'a', name: null, checkpoint: 'rel/cp' });
    await new Promise((r) => setTimeout(r, 5));
    await registerStream(store, { id: 'b', name: 'ingest', checkpoint: 'memory://x/cp' });
    await new Promise((r) => setTimeout(r, 5));
    await registerStream(store, { id: 'a', name: 'again', checkpoint: '/abs/cp' });
    await store.put(`${STREAMS_PREFIX}torn.json`, '{"id":');
    const listed = await registeredStreams(store);
    expect(listed.map((s) => [s.id, s.name, s.checkpoint])).toEqual([
      ['a', 'again', '/abs/cp'],
      ['b', 'ingest', 'memory://x/cp'],
    ]);
    await registerStream(store, { id: 'c', name: null, checkpoint: 'rel/cp' });
    expect((await registeredStreams(store))[0]?.checkpoint).toBe(path.resolve('rel/cp'));
  });
});
