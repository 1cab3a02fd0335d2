/** `1 attempt`, `2 attempts`, `1 story`, `3 stories`: a count and its word, singular for one. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * An integer as `toLocaleString("en-US")` writes it (`12,345`), without asking ICU: a process's
 * first locale-aware call loads ICU's data, ~14 ms of CPU in a run that makes one comment.
 */
export function thousands(n: number): string {
  const digits = String(Math.abs(Math.trunc(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 && Math.trunc(n) !== 0 ? `-${grouped}` : grouped;
}
