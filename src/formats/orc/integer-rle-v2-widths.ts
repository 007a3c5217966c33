/** The bit-width tables of RLE v2 (ORCv1.md "Integer Run Length Encoding, version 2", "Direct"). */

const WIDE: readonly number[] = [26, 28, 30, 32, 40, 48, 56, 64];

/** The 5-bit width code; DELTA reads code 0 as width 0 (a fixed step). */
export function decodeBitWidth(code: number): number {
  if (code <= 23) return code + 1;
  return WIDE[code - 24]!;
}

/** The width a patch entry of `bits` bits is really packed with (the Java writer rounds it up). */
export function closestFixedBits(bits: number): number {
  if (bits === 0) return 1;
  if (bits <= 24) return bits;
  for (const w of WIDE) if (bits <= w) return w;
  return 64;
}
