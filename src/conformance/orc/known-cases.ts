/**
 * What each example file without its own `expected/*.jsn.gz` must do (the conformance folder's README,
 * "Files without an expected .jsn.gz"). A file with an expected file is compared with it line by line.
 */
export type OrcCheck =
  /** Compare every row with this expected file (under examples/expected/). */
  | { readonly kind: 'expected'; readonly expected: string }
  /** Read every row; the count (when given) must match; `firstRow` pins row 0 as the C++ printer prints it. */
  | { readonly kind: 'rows'; readonly count?: number; readonly firstRow?: string }
  /** Must fail with an ORC format error whose message contains `message`. */
  | { readonly kind: 'fails'; readonly message: string; readonly upstream: string }
  /** Cannot be read by design: must fail with UNSUPPORTED_FEATURE, reported as skipped. */
  | { readonly kind: 'unsupported'; readonly reason: string };

export const KNOWN_CASES: Readonly<Record<string, OrcCheck>> = {
  'TestOrcFile.testSargSkipPickupGroupWithoutIndexCPlusPlus.orc': { kind: 'rows', count: 10000 },
  'TestOrcFile.testSargSkipPickupGroupWithoutIndexJava.orc': { kind: 'rows', count: 10000 },
  // The footer says 0 rows; the one stripe holds 100 (bigint 1, 2, 3, …). No compressionBlockSize.
  'TestOrcFile.testWithoutCompressionBlockSize.orc': { kind: 'rows', count: 100, firstRow: '1' },
  // Same generator seed as testLz4: its expected rows (README).
  'TestVectorOrcFile.testZstd.0.12.orc': { kind: 'expected', expected: 'TestVectorOrcFile.testLz4.jsn.gz' },
  'TestVectorOrcFile.testLzo.orc': {
    kind: 'unsupported',
    reason: 'LZO (lzo1x) compression: no npm package provides an LZO decompressor',
  },
  'bad_bloom_filter_1.6.0.orc': { kind: 'rows', count: 5 },
  'bad_bloom_filter_1.6.11.orc': { kind: 'rows', count: 5 },
  // Upstream's CLI test projects id and nested_struct.a/b: {"id": 8, "nested_struct": {"a": -1, "b": [-1]}}.
  'complextypes_iceberg.orc': {
    kind: 'rows',
    count: 1,
    firstRow:
      '{"id": 8, "int_array": [-1], "int_array_array": [[-1, -2], []], "int_map": [{"key": "k1", "value": -1}], "int_map_array": [[], [{"key": "k1", "value": 1}], [], []], "nested_struct": {"a": -1, "b": [-1], "c": {"d": [[{"e": -1, "f": "nonnullable"}]]}, "g": []}}',
  },
  'decimal64_v2.orc': {
    kind: 'rows',
    count: 10,
    firstRow: '{"a": 17292380420, "b": 24, "c": 36164.16, "d": 0.03, "e": 0.01}',
  },
  'decimal64_v2_cplusplus.orc': { kind: 'rows', count: 10 },
  // The expected file (demo-12-zlib.jsn.gz) was not copied: only the row count is checked.
  'demo-11-zlib.orc': { kind: 'rows', count: 1920800 },
  'demo-12-zlib.orc': { kind: 'rows', count: 1920800 },
  // Without the key, readers see the masked variant: ssn nullified, email as its SHA-256.
  'encrypted/sample1.orc': {
    kind: 'rows',
    count: 1,
    firstRow:
      '{"ssn": null, "email": "841626795E7D351555B835A002E3BF10669DE9B81C95A3D59E10865AC37EA7C3", "name": "Dongjoon Hyun"}',
  },
  'encrypted/sample2.orc': {
    kind: 'rows',
    count: 1,
    firstRow:
      '{"ssn": null, "email": "B948E77D79105EAA53E54502CB39DA20C6A86263FA301D5B7EDBACC66D15B642", "name": "William Hyun"}',
  },
  'corrupt/stripe_footer_bad_column_encodings.orc': {
    kind: 'fails',
    message: 'stripe 0 footer',
    upstream: 'bad number of ColumnEncodings in StripeFooter: expected=6, actual=0',
  },
  'corrupt/negative_dict_entry_lengths.orc': {
    kind: 'fails',
    message: 'Negative dictionary entry length',
    upstream: 'Negative dictionary entry length',
  },
  'corrupt/missing_length_stream_in_string_dict.orc': {
    kind: 'fails',
    message: 'LENGTH stream not found in StringDictionaryColumn',
    upstream: 'LENGTH stream not found in StringDictionaryColumn',
  },
  'corrupt/missing_blob_stream_in_string_dict.orc': {
    kind: 'fails',
    message: 'DICTIONARY_DATA stream not found in StringDictionaryColumn',
    upstream: 'DICTIONARY_DATA stream not found in StringDictionaryColumn',
  },
  'orc_no_format.orc': { kind: 'rows', count: 5 },
  'version1999.orc': { kind: 'rows', count: 0 },
  // A 0-byte file: rejected with a clean error (Apache ORC's Java reader treats it as empty).
  'zero.orc': { kind: 'fails', message: 'file of 0 bytes is too small', upstream: '(Java: empty file)' },
};
