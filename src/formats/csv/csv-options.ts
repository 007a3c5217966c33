/**
 * CSVOptions with Spark's defaults for reading (sql/catalyst/.../csv/CSVOptions.scala). The text reaching
 * the tokenizer is already decoded (text-reader.ts decodeFileText, in the `encoding`/`charset` option's
 * charset, see charsets.ts); here the charset name is only checked, so that an unknown one fails even when
 * the text came from elsewhere.
 */
import { LakesqlError } from '../../errors/index.js';
import { type Charset, encodingOption, resolveCharset, UTF8 } from '../charsets.js';
import type { DataSourceOptions } from '../data-source-options.js';
import { type ParseMode, parseMode } from '../parse-mode.js';

export interface CsvOptions {
  /** The `encoding`/`charset` option, resolved as Java's Charset.forName (UTF-8 by default). */
  readonly charset: Charset;
  readonly sep: string;
  readonly quote: string;
  readonly escape: string;
  /** '\u0000' disables comments, as in Spark. */
  readonly comment: string;
  readonly header: boolean;
  readonly inferSchema: boolean;
  readonly samplingRatio: number;
  readonly ignoreLeadingWhiteSpace: boolean;
  readonly ignoreTrailingWhiteSpace: boolean;
  readonly nullValue: string;
  readonly emptyValue: string;
  readonly nanValue: string;
  readonly positiveInf: string;
  readonly negativeInf: string;
  readonly dateFormat: string | undefined;
  readonly timestampFormat: string | undefined;
  readonly multiLine: boolean;
  /** undefined: any of `\n`, `\r\n`, `\r`. */
  readonly lineSep: string | undefined;
  readonly enforceSchema: boolean;
  readonly mode: ParseMode;
  readonly columnNameOfCorruptRecord: string;
  readonly preferDate: boolean;
  /** Databricks' rescued data column (see rescued-data.ts); undefined when the option is not set. */
  readonly rescuedDataColumn: string | undefined;
  /** With a rescued data column: a header name differing from the schema's only in case is rescued. */
  readonly readerCaseSensitive: boolean;
}

export function csvOptions(o: DataSourceOptions, corruptDefault = '_corrupt_record'): CsvOptions {
  const encoding = encodingOption(o);
  const charset = encoding === undefined ? UTF8 : resolveCharset(encoding, 'CSVOptions', false);
  const sep = o.char('sep', o.char('delimiter', ','));
  const lineSep = o.get('lineSep');
  if (lineSep === '') {
    throw new LakesqlError('INVALID_OPTION_VALUE', {
      value: "''",
      option: 'lineSep',
      reason: 'it must not be empty',
    });
  }
  return {
    charset,
    sep,
    quote: o.char('quote', '"'),
    escape: o.char('escape', '\\'),
    comment: o.char('comment', '\u0000'),
    header: o.bool('header', false),
    inferSchema: o.bool('inferSchema', false),
    samplingRatio: o.number('samplingRatio', 1),
    ignoreLeadingWhiteSpace: o.bool('ignoreLeadingWhiteSpace', false),
    ignoreTrailingWhiteSpace: o.bool('ignoreTrailingWhiteSpace', false),
    nullValue: o.string('nullValue', ''),
    emptyValue: o.string('emptyValue', ''),
    nanValue: o.string('nanValue', 'NaN'),
    positiveInf: o.string('positiveInf', 'Inf'),
    negativeInf: o.string('negativeInf', '-Inf'),
    dateFormat: o.get('dateFormat'),
    timestampFormat: o.get('timestampFormat'),
    multiLine: o.bool('multiLine', false),
    lineSep,
    enforceSchema: o.bool('enforceSchema', true),
    mode: parseMode(o.get('mode')),
    columnNameOfCorruptRecord: o.string('columnNameOfCorruptRecord', corruptDefault),
    rescuedDataColumn: o.get('rescuedDataColumn') || undefined,
    readerCaseSensitive: o.bool('readerCaseSensitive', true),
    preferDate: o.bool('preferDate', true),
  };
}
