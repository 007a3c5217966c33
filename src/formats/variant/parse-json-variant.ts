/**
 * parse_json's work on one string: Jackson's strict JSON (no comments, single quotes, NaN or leading zeros,
 * as Spark's default JsonFactory) to a packed variant. Malformed text raises Spark's
 * MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION (try_parse_json gives NULL); 16 MiB or more raises
 * VARIANT_SIZE_LIMIT.
 */
import { LakesqlError } from '../../errors/index.js';
import { type JsonLeniency, JsonSyntaxError, parseJson } from '../json/json-parser.js';
import { packVariant } from './variant-blob.js';
import { VariantBuilder, VariantSizeLimitError } from './variant-builder.js';

const STRICT: JsonLeniency = {
  allowComments: false,
  allowSingleQuotes: false,
  allowUnquotedFieldNames: false,
  allowNonNumericNumbers: false,
  allowNumericLeadingZeros: false,
  allowBackslashEscapingAnyCharacter: false,
};

/** The packed variant of `text`; null for malformed text when `nullOnMalformed` (try_parse_json). */
export function parseJsonVariant(
  text: string,
  functionName: string,
  nullOnMalformed: boolean,
): Uint8Array | null {
  let node: ReturnType<typeof parseJson>;
  try {
    node = parseJson(text, STRICT);
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    if (nullOnMalformed) return null;
    throw new LakesqlError('MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION', {
      badRecord: text,
      failFastMode: 'FAILFAST',
    });
  }
  try {
    return packVariant(VariantBuilder.fromJson(node));
  } catch (e) {
    if (!(e instanceof VariantSizeLimitError)) throw e;
    throw new LakesqlError('VARIANT_SIZE_LIMIT', {
      sizeLimit: '16.0 MiB',
      functionName: `\`${functionName}\``,
    });
  }
}
