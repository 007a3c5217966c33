import { describe, expect, it } from 'vitest';
import type { Protocol } from './actions.js';
import {
  assertReadSupported,
  assertWriteSupported,
  readerFeaturesOf,
  writerFeaturesOf,
} from './table-features.js';
import { metadata } from './testing/log-builder.js';

const w7 = (writerFeatures: string[]): Protocol => ({
  minReaderVersion: 1,
  minWriterVersion: 7,
  writerFeatures,
});

describe('table features', () => {
  it('derives the features of legacy protocol versions', () => {
    expect(readerFeaturesOf({ minReaderVersion: 2, minWriterVersion: 5 })).toEqual(['columnMapping']);
    expect(writerFeaturesOf({ minReaderVersion: 1, minWriterVersion: 4 })).toEqual([
      'appendOnly',
      'invariants',
      'checkConstraints',
      'changeDataFeed',
      'generatedColumns',
    ]);
  });

  it('accepts writes when an unsupported feature is switched on but unused', () => {
    expect(() =>
      assertWriteSupported({ minReaderVersion: 1, minWriterVersion: 6 }, metadata(), 't'),
    ).not.toThrow();
    expect(() =>
      assertWriteSupported(w7(['appendOnly', 'invariants', 'checkConstraints']), metadata(), 't'),
    ).not.toThrow();
  });

  it('refuses writes that would have to enforce what lakesql does not yet enforce', () => {
    // CHECK constraints are enforced now (exec/dml/table-invariants.ts); legacy invariants are not.
    const constrained = metadata({ configuration: { 'delta.constraints.positive': 'id > 0' } });
    expect(() =>
      assertWriteSupported({ minReaderVersion: 1, minWriterVersion: 3 }, constrained, 't'),
    ).not.toThrow();
    const invariant = metadata({
      schemaString:
        '{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{"delta.invariants":"{}"}}]}',
    });
    expect(() => assertWriteSupported({ minReaderVersion: 1, minWriterVersion: 2 }, invariant, 't')).toThrow(
      expect.objectContaining({
        errorClass: 'DELTA_UNSUPPORTED_FEATURES_FOR_WRITE',
        messageParameters: { unsupported: 'invariants' },
      }),
    );
    expect(() => assertWriteSupported(w7(['icebergCompatV1', 'domainMetadata']), metadata(), 't')).toThrow(
      expect.objectContaining({ messageParameters: { unsupported: 'icebergCompatV1' } }),
    );
  });

  it('reads tables with every supported reader feature and names the unsupported ones', () => {
    const supported: Protocol = {
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: [
        'columnMapping',
        'deletionVectors',
        'timestampNtz',
        'v2Checkpoint',
        'vacuumProtocolCheck',
        'typeWidening',
      ],
      writerFeatures: [],
    };
    expect(() => assertReadSupported(supported, 't')).not.toThrow();
    expect(() =>
      assertReadSupported({ ...supported, readerFeatures: ['catalogManaged', 'deletionVectors'] }, 't'),
    ).toThrow(expect.objectContaining({ messageParameters: { unsupported: 'catalogManaged' } }));
  });
});
