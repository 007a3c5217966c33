/**
 * The file tail (ORCv1.md "File Tail"): the last byte is the postscript's length; the postscript (never
 * compressed) gives the compression and the lengths of the footer and metadata before it. The whole tail
 * is read with one request of the last 16 KiB, with a second request only when the footer is larger.
 */
import type { OrcByteSource } from './byte-source.js';
import { type Codec, codecFor, decompressStream } from './compression.js';
import { OrcFormatError, orcCheck, withContext } from './orc-error.js';
import { decodeFooter, decodePostScript, type Footer, type PostScript } from './orc-messages.js';
import { decodeMetadata, type OrcColumnStatistics } from './orc-statistics.js';
import { ProtoReader } from './protobuf.js';

const MAGIC = 'ORC';
const TAIL_GUESS = 16 * 1024;

export interface FileTail {
  readonly postScript: PostScript;
  readonly footer: Footer;
  readonly codec: Codec;
  /** Where the footer starts; the metadata section (stripe statistics) ends there. */
  readonly footerStart: number;
}

export async function readFileTail(source: OrcByteSource): Promise<FileTail> {
  const size = source.size;
  orcCheck(
    size > MAGIC.length,
    () => `ORC: ${source.name}: file of ${size} bytes is too small to be an ORC file`,
  );
  const guess = Math.min(size, TAIL_GUESS);
  let tail = await source.read(size - guess, guess);
  orcCheck(tail.length === guess, () => `ORC: ${source.name}: read ${tail.length} of ${guess} tail bytes`);
  const psLength = tail[tail.length - 1]!;
  orcCheck(
    psLength > 0 && psLength + 1 <= size,
    () => `ORC: ${source.name}: postscript length ${psLength} does not fit the file of ${size} bytes`,
  );
  const psBytes = tail.subarray(tail.length - 1 - psLength, tail.length - 1);
  const postScript = withContext(`${source.name}: postscript`, () =>
    decodePostScript(new ProtoReader(psBytes)),
  );
  orcCheck(
    postScript.magic === undefined || postScript.magic === MAGIC,
    () => `ORC: ${source.name}: postscript magic is ${JSON.stringify(postScript.magic)}, not "ORC"`,
  );
  const codec = codecFor(postScript.compression, postScript.compressionBlockSize, source.name);
  const footerEnd = size - 1 - psLength;
  const footerStart = footerEnd - postScript.footerLength;
  orcCheck(
    footerStart >= MAGIC.length && postScript.footerLength > 0,
    () =>
      `ORC: ${source.name}: footer of ${postScript.footerLength} bytes does not fit before the postscript at ${footerEnd}`,
  );
  let footerBytes: Uint8Array;
  if (footerStart >= size - tail.length) {
    const at = footerStart - (size - tail.length);
    footerBytes = tail.subarray(at, at + postScript.footerLength);
  } else {
    tail = await source.read(footerStart, postScript.footerLength);
    footerBytes = tail;
  }
  const footer = decodeFooter(
    new ProtoReader(decompressStream(codec, footerBytes, `${source.name}: footer`)),
  );
  checkFooter(source, footer, footerStart);
  return { postScript, footer, codec, footerStart };
}

function checkFooter(source: OrcByteSource, footer: Footer, footerStart: number): void {
  if (footer.types.length === 0) throw new OrcFormatError(`ORC: ${source.name}: footer has no types`);
  // The stripes' row counts need not add up to the footer's: some writers leave numberOfRows at 0
  // (examples/TestOrcFile.testWithoutCompressionBlockSize.orc); readers go by the stripes.
  for (const [i, s] of footer.stripes.entries()) {
    const end = s.offset + s.indexLength + s.dataLength + s.footerLength;
    orcCheck(
      end <= footerStart,
      () => `ORC: ${source.name}: stripe ${i} ends at byte ${end}, past the footer start ${footerStart}`,
    );
  }
}

/**
 * The metadata section just before the footer (ORCv1.md "File Tail"): per stripe, every column's
 * statistics. Empty when the writer wrote none (metadataLength 0).
 */
export async function readStripeStatistics(
  source: OrcByteSource,
  tail: FileTail,
): Promise<OrcColumnStatistics[][]> {
  const length = tail.postScript.metadataLength;
  if (length === 0) return [];
  const start = tail.footerStart - length;
  const what = `${source.name}: metadata`;
  orcCheck(start >= MAGIC.length, () => `ORC: ${what}: ${length} bytes do not fit before the footer`);
  const raw = await source.read(start, length);
  orcCheck(raw.length === length, () => `ORC: ${what}: read ${raw.length} of ${length} bytes`);
  return withContext(what, () => decodeMetadata(new ProtoReader(decompressStream(tail.codec, raw, what))));
}
