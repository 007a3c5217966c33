import { describe, expect, it } from 'vitest';
import { checkCloudFilesOptionKeys } from './cloud-files-option-keys.js';

const opts = (o: Record<string, string>) => new Map(Object.entries(o));

describe('checkCloudFilesOptionKeys', () => {
  it('names unknown cloudFiles keys lower-cased with Databricks error class', () => {
    let caught: unknown;
    try {
      checkCloudFilesOptionKeys(
        opts({
          'cloudfiles.format': 'json',
          'cloudfiles.readercasesensitive': 'false',
          'cloudfiles.foo': '1',
        }),
      );
    } catch (e) {
      caught = e;
    }
    expect(caught).toMatchObject({
      errorClass: 'CF_UNKNOWN_OPTION_KEYS_ERROR',
      sqlState: '42000',
      messageParameters: {
        optionList: 'cloudfiles.readercasesensitive, cloudfiles.foo',
        validateOptions: 'validateOptions',
      },
    });
    expect((caught as Error).message).toContain('Found unknown option keys: cloudfiles.readercasesensitive');
  });

  it('ignores unknown keys when cloudFiles.validateOptions is false, as Databricks does', () => {
    expect(() =>
      checkCloudFilesOptionKeys(opts({ 'cloudfiles.validateoptions': 'false', 'cloudfiles.foo': '1' })),
    ).not.toThrow();
  });

  it('refuses options Databricks documents but lakesql does not run, even without validation', () => {
    expect(() =>
      checkCloudFilesOptionKeys(
        opts({ 'cloudfiles.validateoptions': 'false', 'cloudfiles.usenotifications': 'true' }),
      ),
    ).toThrow(expect.objectContaining({ errorClass: 'UNSUPPORTED_FEATURE' }));
  });

  it('leaves keys outside the cloudFiles namespace to the file reader', () => {
    expect(() => checkCloudFilesOptionKeys(opts({ pathglobfilter: '*.json', header: 'true' }))).not.toThrow();
  });
});
