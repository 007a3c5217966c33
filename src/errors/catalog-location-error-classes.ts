/**
 * Where a database's folder may lie. Databricks answers a storage location overlapping another's managed
 * storage with INVALID_PARAMETER_VALUE.LOCATION_OVERLAP (SQLSTATE 22023, Unity Catalog's path checks).
 */
export const CATALOG_LOCATION_ERROR_CLASSES = {
  'INVALID_PARAMETER_VALUE.LOCATION_OVERLAP': {
    sqlState: '22023',
    message:
      "Input path url '<path>' overlaps with <overlappingLocation> within '<caller>' call. <conflictingSummary>",
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
