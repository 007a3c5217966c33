import { describe, expect, it } from 'vitest';
import { field, LongType, StringType, struct, TimestampNtzType } from '../types/data-types.js';
import { protocolForNewTable } from './new-table-protocol.js';

const plain = struct([field('id', LongType), field('name', StringType)]);

describe('protocolForNewTable', () => {
  it('is reader 1 / writer 2 when no feature is needed', () => {
    expect(protocolForNewTable({}, plain)).toEqual({ minReaderVersion: 1, minWriterVersion: 2 });
    expect(protocolForNewTable({ 'delta.appendOnly': 'true' }, plain)).toEqual({
      minReaderVersion: 1,
      minWriterVersion: 2,
    });
  });

  it('uses the legacy versions where they suffice', () => {
    expect(protocolForNewTable({ 'delta.enableChangeDataFeed': 'true' }, plain)).toEqual({
      minReaderVersion: 1,
      minWriterVersion: 4,
    });
    expect(protocolForNewTable({ 'delta.columnMapping.mode': 'name' }, plain)).toEqual({
      minReaderVersion: 2,
      minWriterVersion: 5,
    });
    expect(protocolForNewTable({ 'delta.constraints.positive': 'id > 0' }, plain)).toEqual({
      minReaderVersion: 1,
      minWriterVersion: 3,
    });
  });

  it('switches to table features for features without a legacy version', () => {
    expect(protocolForNewTable({ 'delta.enableDeletionVectors': 'true' }, plain)).toEqual({
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: ['deletionVectors'],
      writerFeatures: ['deletionVectors'],
    });
    expect(protocolForNewTable({ 'delta.enableInCommitTimestamps': 'true' }, plain)).toEqual({
      minReaderVersion: 1,
      minWriterVersion: 7,
      writerFeatures: ['inCommitTimestamp'],
    });
    expect(protocolForNewTable({}, struct([field('ts', TimestampNtzType)]))).toEqual({
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: ['timestampNtz'],
      writerFeatures: ['timestampNtz'],
    });
    expect(protocolForNewTable({ 'delta.feature.vacuumProtocolCheck': 'supported' }, plain)).toMatchObject({
      minReaderVersion: 3,
      readerFeatures: ['vacuumProtocolCheck'],
    });
  });
});
