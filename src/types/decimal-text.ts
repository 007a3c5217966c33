/**
 * java.math.BigDecimal#toPlainString for a Spark decimal held as its unscaled value: the digits with the
 * scale's number of fraction digits and no exponent (`1.00`, `-0.05`, `123`). Spark prints decimals this way
 * in HiveResult and in CAST(... AS STRING).
 */
export function decimalToPlainString(unscaled: bigint, scale: number): string {
  if (scale <= 0) return (unscaled * 10n ** BigInt(-scale)).toString();
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const cut = digits.length - scale;
  return `${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/**
 * java.math.BigDecimal.valueOf(micros, 6).stripTrailingZeros().toPlainString(): seconds with only the
 * fraction digits that are not zero (`1`, `1.5`, `0.000001`); used by Spark's interval strings.
 */
export function secondsText(micros: bigint): string {
  const text = decimalToPlainString(micros, 6);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
