import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendHistory, historyEntries, historyFilePath, loadHistory } from './history-file.js';

describe('history file', () => {
  it('lives in $LAKESQL_HISTORY, else ~/.lakesql_history', () => {
    expect(historyFilePath({ LAKESQL_HISTORY: '/x/h' })).toBe('/x/h');
    expect(historyFilePath({})).toBe(path.join(os.homedir(), '.lakesql_history'));
  });

  it('appends entries and loads them newest first; a missing file is an empty history', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'lakesql-history-')), 'h');
    expect(loadHistory(file)).toEqual([]);
    appendHistory(file, 'SELECT 1;');
    appendHistory(file, 'SELECT 2;');
    expect(readFileSync(file, 'utf8')).toBe('SELECT 1;\nSELECT 2;\n');
    expect(loadHistory(file)).toEqual(['SELECT 2;', 'SELECT 1;']);
  });

  it('keeps the last 1000 entries', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'lakesql-history-')), 'h');
    writeFileSync(file, Array.from({ length: 1005 }, (_, i) => `q${i}\n`).join(''));
    const h = loadHistory(file);
    expect(h.length).toBe(1000);
    expect(h[0]).toBe('q1004');
    expect(h.at(-1)).toBe('q5');
  });

  it('a multi-line statement is one entry, unless a line comment would swallow the rest', () => {
    expect(historyEntries('SELECT a,\n   b\nFROM t;')).toEqual(['SELECT a, b FROM t;']);
    expect(historyEntries('SELECT a -- the key\nFROM t;')).toEqual(['SELECT a -- the key', 'FROM t;']);
  });
});
