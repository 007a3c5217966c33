/**
 * display(df): Databricks notebooks' display, which renders a DataFrame as a table. In Node there is no
 * notebook to render in, so it prints what df.show() prints (at most 20 rows, long strings truncated) to the
 * session's output, and returns that text. Exported from the package root, as notebooks call it unqualified.
 */

import { LakesqlError } from '../../errors/index.js';
import { jsTypeName } from '../arguments.js';
import { DataFrame } from './dataframe.js';

export function display(df: DataFrame, n = 20, truncate: boolean | number = true): Promise<string> {
  if (!(df instanceof DataFrame)) {
    throw new LakesqlError('NOT_DATAFRAME', { arg_name: 'df', arg_type: jsTypeName(df) });
  }
  return df.show(n, truncate);
}
