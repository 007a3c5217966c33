/**
 * The protocol a table falls back to when a feature is dropped (PROTOCOL.md "Removing a Table Feature";
 * delta-spark's Protocol.removeFeature then normalization): the feature leaves readerFeatures and
 * writerFeatures, and when what is left is exactly what a legacy protocol version implies, the table goes
 * back to that legacy version, so that older clients can read and write it again.
 */
import type { Protocol } from './actions.js';
import { readerFeaturesOf, writerFeaturesOf } from './table-features.js';

export function protocolWithoutFeature(protocol: Protocol, feature: string): Protocol {
  const readerFeatures = readerFeaturesOf(protocol).filter((f) => f !== feature);
  const writerFeatures = writerFeaturesOf(protocol).filter((f) => f !== feature);
  const legacyWriter = legacyWriterVersion(writerFeatures);
  const legacyReader = legacyReaderVersion(readerFeatures, legacyWriter);
  if (legacyWriter !== undefined && legacyReader !== undefined) {
    return { minReaderVersion: legacyReader, minWriterVersion: legacyWriter };
  }
  const readerTableFeatures = protocol.minReaderVersion >= 3 && readerFeatures.length > 0;
  return {
    minReaderVersion: protocol.minReaderVersion < 3 ? protocol.minReaderVersion : readerTableFeatures ? 3 : 1,
    minWriterVersion: protocol.minWriterVersion,
    ...(readerTableFeatures ? { readerFeatures } : {}),
    ...(protocol.minWriterVersion >= 7 ? { writerFeatures } : {}),
  };
}

/** The legacy writer version whose implied features are exactly `features`, if any. */
function legacyWriterVersion(features: readonly string[]): number | undefined {
  const have = new Set(features);
  for (let v = 1; v <= 6; v++) {
    const implied = writerFeaturesOf({ minReaderVersion: 1, minWriterVersion: v });
    if (implied.length === have.size && implied.every((f) => have.has(f))) return v;
  }
  return undefined;
}

/** Reader 1 when no reader feature is left; reader 2 when only columnMapping is, with a writer of 5 or more. */
function legacyReaderVersion(features: readonly string[], writer: number | undefined): number | undefined {
  if (features.length === 0) return 1;
  if (features.length === 1 && features[0] === 'columnMapping' && writer !== undefined && writer >= 5)
    return 2;
  return undefined;
}
