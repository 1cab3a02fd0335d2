/**
 * Sort order by UTF-16 code units, as `sort()` without a comparator: deterministic and free,
 * where `localeCompare` loads ICU's collation data on its first call (~8 ms of CPU a process).
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
