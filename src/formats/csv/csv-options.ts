/**
 * CSVOptions with Spark's defaults for reading (sql/catalyst/.../csv/CSVOptions.scala). Encoding is UTF-8
 * only (the `encoding`/`charset` option accepts utf-8 spellings and fails otherwise).
 */
import { LakesqlError } from '../../errors/index.js';
import type { DataSourceOptions } from '../data-source-options.js';
import { type ParseMode, parseMode } from '../parse-mode.js';

export interface CsvOptions {
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
}

export function csvOptions(o: DataSourceOptions, corruptDefault = '_corrupt_record'): CsvOptions {
  const encoding = (o.get('encoding') ?? o.get('charset') ?? 'UTF-8').toLowerCase().replace(/[-_]/g, '');
  if (encoding !== 'utf8') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `the CSV encoding ${o.get('encoding') ?? o.get('charset')} (lakesql reads UTF-8)`,
    });
  }
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
    preferDate: o.bool('preferDate', true),
  };
}
