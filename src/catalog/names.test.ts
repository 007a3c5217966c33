import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteNameParts, tableIdentifier } from './identifiers.js';
import { encodeEntryName, folderName, tableFolderName } from './name-encoding.js';
import { filterPattern, matchesPattern } from './name-pattern.js';

describe('encodeEntryName', () => {
  it('keeps [a-z0-9_-] and percent-encodes every other character as UTF-8', () => {
    expect(encodeEntryName('sales_2024-q1')).toBe('sales_2024-q1');
    expect(encodeEntryName('a/b')).toBe('a%2Fb');
    expect(encodeEntryName('..')).toBe('%2E%2E');
    expect(encodeEntryName('100%')).toBe('100%25');
    expect(encodeEntryName('my table')).toBe('my%20table');
    expect(encodeEntryName('é')).toBe('%C3%A9');
    expect(encodeEntryName('A')).toBe('%41');
    expect(encodeEntryName('')).toBe('%');
  });

  it('hashes names too long for a path segment, keeping a readable prefix', () => {
    const long = 'x'.repeat(300);
    const encoded = encodeEntryName(long);
    expect(encoded).toMatch(/^x{100}~[0-9a-f]{64}$/);
    expect(encodeEntryName(`${long}y`)).not.toBe(encoded);
  });

  it('is injective and yields safe ASCII segments', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        (a, b) => {
          const ea = encodeEntryName(a);
          expect(ea).toMatch(/^[a-z0-9_%A-F~-]+$/);
          expect(ea.startsWith('.')).toBe(false);
          if (a !== b) expect(ea).not.toBe(encodeEntryName(b));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('folderName', () => {
  it('keeps what Spark writes for ordinary names and encodes what would break a path', () => {
    expect(folderName('events')).toBe('events');
    expect(folderName('my table')).toBe('my table');
    expect(folderName('a/b\\c')).toBe('a%2Fb%5Cc');
    expect(folderName('..')).toBe('%2E.');
    expect(folderName('.hidden')).toBe('%2Ehidden');
    expect(folderName('50%')).toBe('50%25');
    expect(folderName('_lakesql_catalog')).toBe('%5Flakesql_catalog');
  });

  it('never yields a separator, a leading dot or an empty name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const f = folderName(name);
        expect(f).not.toContain('/');
        expect(f.startsWith('.')).toBe(false);
        expect(f.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('tableFolderName', () => {
  it('encodes the dot of a final .db, so no table shares a database folder', () => {
    expect(tableFolderName('x.db')).toBe('x%2Edb');
    expect(tableFolderName('x.DB')).toBe('x%2EDB');
    expect(tableFolderName('x%2Edb')).toBe('x%252Edb');
    expect(tableFolderName('x.dbz')).toBe('x.dbz');
    expect(tableFolderName('events')).toBe('events');
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (name) => {
        expect(tableFolderName(name).toLowerCase().endsWith('.db')).toBe(false);
      }),
    );
  });
});

describe('identifiers', () => {
  it('lower-cases and quotes as Spark toSQLId does', () => {
    expect(tableIdentifier('Sales', 'MyTable')).toEqual({ database: 'sales', name: 'mytable' });
    expect(quoteNameParts(['db', 'a`b'])).toBe('`db`.`a``b`');
  });
});

describe('filterPattern (SHOW … LIKE)', () => {
  const names = ['sales', 'sales_2024', 'customers', 'Orders', 'a.b'];
  it('`*` matches any characters, `|` separates alternatives, case-insensitively, sorted', () => {
    expect(filterPattern(names, 'sales*')).toEqual(['sales', 'sales_2024']);
    expect(filterPattern(names, 'orders|cust*')).toEqual(['Orders', 'customers']);
    expect(filterPattern(names, ' SALES ')).toEqual(['sales']);
    expect(filterPattern(names, undefined)).toEqual(['Orders', 'a.b', 'customers', 'sales', 'sales_2024']);
  });
  it('matches whole names; other regex characters keep their meaning; bad alternatives match nothing', () => {
    expect(filterPattern(names, 'sale')).toEqual([]);
    expect(filterPattern(names, 'a.b')).toEqual(['a.b']);
    expect(filterPattern(names, '(|sales')).toEqual(['sales']);
    expect(matchesPattern('SALES', 'sa*')).toBe(true);
  });
});
