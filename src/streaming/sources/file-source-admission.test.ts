/**
 * Which new files a file source batch admits (maxFilesPerTrigger, maxBytesPerTrigger by Spark's hard rule or
 * Auto Loader's soft one) and which files count as new under maxFileAge (SeenFiles).
 */
import { describe, expect, it } from 'vitest';
import type { SourceFile } from './file-listing.js';
import { admit } from './file-source.js';
import { SeenFiles } from './seen-files.js';

const file = (name: string, size: number, timestamp = 0): SourceFile => ({
  url: `file:///d/${name}`,
  localPath: `/d/${name}`,
  timestamp,
  size,
});
const names = (files: readonly SourceFile[]) => files.map((f) => f.url.slice('file:///d/'.length));

describe('admit', () => {
  const files = [file('a', 3), file('b', 3), file('c', 3), file('d', 3)];

  it('hard byte limit (Spark): files while the total fits, the first one always', () => {
    expect(names(admit(files, { maxBytesPerTrigger: 7, byteLimitRule: 'hard' }))).toEqual(['a', 'b']);
    expect(names(admit(files, { maxBytesPerTrigger: 1, byteLimitRule: 'hard' }))).toEqual(['a']);
  });

  it('soft byte limit (Auto Loader, Delta): the file that crosses the limit is taken too', () => {
    expect(names(admit(files, { maxBytesPerTrigger: 7, byteLimitRule: 'soft' }))).toEqual(['a', 'b', 'c']);
    expect(names(admit(files, { maxBytesPerTrigger: 6, byteLimitRule: 'soft' }))).toEqual(['a', 'b']);
  });

  it('maxFilesPerTrigger and maxBytesPerTrigger both bound a batch', () => {
    expect(names(admit(files, { maxFilesPerTrigger: 1, maxBytesPerTrigger: 100 }))).toEqual(['a']);
    expect(names(admit(files, { maxFilesPerTrigger: 3, maxBytesPerTrigger: 6 }))).toEqual(['a', 'b']);
    expect(names(admit(files, {}))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('SeenFiles', () => {
  it('ages files out relative to the latest file taken, from the first purge on', () => {
    const seen = new SeenFiles(100);
    expect(seen.isNewFile(file('old', 0, 5))).toBe(true);
    seen.add('file:///d/x', 1000);
    expect(seen.purge()).toBe(0);
    expect(seen.isNewFile(file('x', 0, 1000))).toBe(false);
    expect(seen.isNewFile(file('y', 0, 899))).toBe(false);
    expect(seen.isNewFile(file('y', 0, 900))).toBe(true);
    seen.add('file:///d/z', 1200);
    expect(seen.purge()).toBe(1);
    expect(seen.isNewFile(file('x', 0, 1000))).toBe(false);
  });
});
