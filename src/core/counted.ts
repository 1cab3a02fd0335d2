/** `1 attempt`, `2 attempts`, `1 story`, `3 stories`: a count and its word, singular for one. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
