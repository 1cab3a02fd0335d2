import { expect } from "vitest";

/** `text` contains every one of `parts`, each checked on its own (a failure names the part). */
export function expectContains(text: string | undefined, parts: readonly string[]): void {
  for (const part of parts) expect(text).toContain(part);
}
