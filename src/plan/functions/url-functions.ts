/** Spark's URL functions (urlExpressions.scala): url_encode, url_decode, try_url_decode, parse_url, try_parse_url. */
import { StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { simple } from './signature-kit.js';

const text1 = (name: string) => simple(name, { args: ['string'], returns: StringType });
const parseUrl = (name: string) =>
  simple(name, { args: ['string', 'string', 'string'], optionalFrom: 2, returns: StringType });

export const URL_FUNCTIONS: readonly FunctionSignature[] = [
  text1('url_encode'),
  text1('url_decode'),
  text1('try_url_decode'),
  parseUrl('parse_url'),
  parseUrl('try_parse_url'),
];
