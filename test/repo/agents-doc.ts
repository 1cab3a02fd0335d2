/**
 * Reads docs/agents.md the way test/repo/agents-doc.test.ts and schemas.test.ts check it: one
 * section per phase (`### \`plan\``), the mistakes each lists (`- <mistake> → \`message\``) and
 * the minimal valid reply each shows (the fenced block after `<!-- reply: <phase> -->`).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");

export function agentsDoc(): string {
  return readFileSync(join(ROOT, "docs/agents.md"), "utf8");
}

/**
 * The `###` sections under "## The phases", keyed by the first code span of their heading.
 * Headings inside fenced blocks (a codebase map example) are text, not headings.
 */
export function phaseSections(doc: string): Map<string, string> {
  const sections = new Map<string, string>();
  let inPhases = false;
  let fence: string | null = null;
  let current: { name: string; lines: string[] } | null = null;
  const close = () => {
    if (current !== null) sections.set(current.name, current.lines.join("\n"));
    current = null;
  };
  for (const line of doc.split("\n")) {
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
    } else if (fence === null && /^## /.test(line)) {
      close();
      inPhases = line === "## The phases";
      continue;
    } else if (fence === null && inPhases && /^### /.test(line)) {
      close();
      const name = /^### [^`]*`([^`]+)`/.exec(line)?.[1];
      if (name !== undefined) current = { name, lines: [] };
    }
    (current as { lines: string[] } | null)?.lines.push(line);
  }
  close();
  return sections;
}

/** The messages of a section's `- <mistake> → \`message\`` lines. */
export function documentedMessages(section: string): string[] {
  return [...section.matchAll(/^- .+ → `(.+)`$/gm)].map((m) => m[1]!);
}

/** The fenced block right after `<!-- reply: <name> -->`. */
export function replyExample(doc: string, name: string): string {
  const m = new RegExp(`<!-- reply: ${name} -->\\n(\`{3,})[a-z]*\\n([\\s\\S]*?)\\n\\1\\n`).exec(
    doc,
  );
  if (m === null) throw new Error(`docs/agents.md has no reply example for ${name}`);
  return m[2]!;
}
