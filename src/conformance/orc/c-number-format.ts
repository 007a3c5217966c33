/**
 * C's `%.Ng` (printf), which Apache ORC's ColumnPrinter uses for float (`%.7g`) and double (`%.14g`):
 * N significant digits, trailing zeros removed, exponent form when the exponent is below -4 or at least N.
 */
export function formatG(x: number, precision: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const exp = x.toExponential(precision - 1);
  const [mantissa, e] = exp.split('e') as [string, string];
  const exponent = Number(e);
  if (exponent < -4 || exponent >= precision) {
    const m = stripZeros(mantissa);
    const sign = exponent < 0 ? '-' : '+';
    const digits = String(Math.abs(exponent)).padStart(2, '0');
    return `${m}e${sign}${digits}`;
  }
  return stripZeros(x.toFixed(Math.max(0, precision - 1 - exponent)));
}

function stripZeros(s: string): string {
  if (!s.includes('.')) return s;
  return s.replace(/0+$/, '').replace(/\.$/, '');
}
