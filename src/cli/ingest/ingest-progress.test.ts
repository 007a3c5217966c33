/** The ingest's progress: a line redrawn in place on a terminal, JSON lines otherwise; and its option parsers. */
import { describe, expect, it } from 'vitest';
import { ERASE_LINE } from '../progress-line.js';
import { collectOption, parseIngestFormat, parseIngestTrigger, parseMergeKeys } from './ingest-options.js';
import { IngestProgress } from './ingest-progress.js';

describe('ingest progress', () => {
  it('redraws one line on a terminal with batches, files, rows and rows/s, and erases it at the end', () => {
    const out: string[] = [];
    const progress = new IngestProgress({ isTTY: true, write: (t) => out.push(t) });
    progress.batchDone({ batchId: 0, files: 2, rows: 1500, durationMs: 10 });
    progress.batchDone({ batchId: 1, files: 1, rows: 500, durationMs: 10 });
    progress.end();
    expect(out).toHaveLength(3);
    expect(out[1]!.startsWith(ERASE_LINE)).toBe(true);
    expect(out[1]!.slice(ERASE_LINE.length)).toMatch(
      /^ingest: 2 batches, 3 files, 2,000 rows, [\d,]+ rows\/s$/,
    );
    expect(out[2]).toBe(ERASE_LINE);
  });

  it('writes one JSON line per batch off a terminal', () => {
    const out: string[] = [];
    const progress = new IngestProgress({ isTTY: false, write: (t) => out.push(t) });
    progress.batchDone({ batchId: 0, files: 2, rows: 7, durationMs: 3 });
    progress.end();
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0]!)).toMatchObject({
      batchId: 0,
      files: 2,
      rows: 7,
      durationMs: 3,
      total: { batches: 1, files: 2, rows: 7, rowsPerSecond: expect.any(Number) },
    });
  });
});

describe('ingest options', () => {
  it('reads triggers, formats, merge keys and repeated options', () => {
    expect(parseIngestTrigger('available-now')).toEqual({ availableNow: true });
    expect(parseIngestTrigger('once')).toEqual({ once: true });
    expect(parseIngestTrigger('5 seconds')).toEqual({ processingTime: '5 seconds' });
    expect(() => parseIngestTrigger('often')).toThrow(/available-now, once or an interval/);
    expect(parseIngestFormat('CLOUDFILES')).toBe('cloudFiles');
    expect(() => parseIngestFormat('avro')).toThrow(
      /expected one of orc, csv, json, parquet, text, cloudFiles/,
    );
    expect(parseMergeKeys(' id , region ')).toEqual(['id', 'region']);
    expect(() => parseMergeKeys(' , ')).toThrow(/one or more column names/);
    expect(collectOption('header=true', collectOption('sep=;'))).toEqual({ sep: ';', header: 'true' });
    expect(() => collectOption('header')).toThrow(/key=value/);
  });
});
