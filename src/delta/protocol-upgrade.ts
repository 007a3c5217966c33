/**
 * The protocol an existing table needs after a metadata change (ALTER TABLE SET TBLPROPERTIES, ADD
 * CONSTRAINT, column mapping): the union of what it has and what the new metadata requires, never a
 * downgrade (PROTOCOL.md "Table Features for New and Existing Tables"). Legacy versions stay legacy
 * while both sides are legacy; once either side uses table features (reader 3 / writer 7), the legacy
 * side's implicit features are named explicitly.
 */
import type { Protocol } from './actions.js';
import { implicitWriterFeatures } from './delta-table-properties.js';

/** The merged protocol, or undefined when `current` already covers `required`. */
export function upgradedProtocol(current: Protocol, required: Protocol): Protocol | undefined {
  const usesFeatures = (p: Protocol) => p.writerFeatures !== undefined || p.readerFeatures !== undefined;
  let next: Protocol;
  if (!usesFeatures(current) && !usesFeatures(required)) {
    next = {
      minReaderVersion: Math.max(current.minReaderVersion, required.minReaderVersion),
      minWriterVersion: Math.max(current.minWriterVersion, required.minWriterVersion),
    };
  } else {
    const writers = new Set([...writerFeaturesOf(current), ...writerFeaturesOf(required)]);
    const readers = new Set([...readerFeaturesOf(current), ...readerFeaturesOf(required)]);
    const needsReaderFeatures = current.minReaderVersion === 3 || required.minReaderVersion === 3;
    next = needsReaderFeatures
      ? {
          minReaderVersion: 3,
          minWriterVersion: 7,
          readerFeatures: [...readers],
          writerFeatures: [...writers],
        }
      : {
          minReaderVersion: Math.max(current.minReaderVersion, required.minReaderVersion),
          minWriterVersion: 7,
          writerFeatures: [...writers],
        };
  }
  return sameProtocol(current, next) ? undefined : next;
}

function writerFeaturesOf(p: Protocol): string[] {
  return p.writerFeatures ? [...p.writerFeatures] : implicitWriterFeatures(p.minWriterVersion);
}

function readerFeaturesOf(p: Protocol): string[] {
  if (p.readerFeatures) return [...p.readerFeatures];
  return p.minReaderVersion >= 2 ? ['columnMapping'] : [];
}

function sameProtocol(a: Protocol, b: Protocol): boolean {
  const set = (x: readonly string[] | undefined) => [...(x ?? [])].sort().join(',');
  return (
    a.minReaderVersion === b.minReaderVersion &&
    a.minWriterVersion === b.minWriterVersion &&
    set(a.readerFeatures) === set(b.readerFeatures) &&
    set(a.writerFeatures) === set(b.writerFeatures)
  );
}
