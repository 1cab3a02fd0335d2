/**
 * Checks behind test/repo/docs-true.test.ts: what the code defines (config keys, commands, flags,
 * action inputs) must appear in the user docs, and every link in the docs must lead somewhere.
 * Each returns the problems it finds, so the test can show them all at once.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

// biome-ignore lint/suspicious/noExplicitAny: walks zod's internal definitions
type AnySchema = any;

/** Every key path of a zod object schema, through defaults, prefaults, pipes and unions. */
export function schemaKeys(schema: AnySchema, prefix = ""): string[] {
  let s = schema;
  for (;;) {
    const def = s?.def;
    if (def?.innerType !== undefined) s = def.innerType;
    else if (def?.type === "pipe") s = def.in;
    else break;
  }
  const def = s?.def;
  if (def?.type === "union") {
    const all = (def.options as AnySchema[]).flatMap((o) => schemaKeys(o, prefix));
    return [...new Set(all)];
  }
  if (def?.type !== "object") return [];
  return Object.entries(def.shape as Record<string, AnySchema>).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    return [path, ...schemaKeys(value, `${path}.`)];
  });
}

/** Keys with no sub-keys: the ones a reader sets. */
export function leafKeys(keys: readonly string[]): string[] {
  return keys.filter((k) => !keys.some((other) => other.startsWith(`${k}.`)));
}

/** `needle` must appear in the doc as inline code (`` `needle` `` or starting one). */
export function missingCode(doc: string, needles: readonly string[]): string[] {
  return needles.filter((n) => !doc.includes(`\`${n}\``) && !doc.includes(`\`${n} `));
}

export interface DocLink {
  file: string;
  target: string;
}

/** Markdown links and images `[text](target)` outside fenced code, with their file. */
export function linksOf(file: string, text: string): DocLink[] {
  const links: DocLink[] = [];
  let fenced = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const withoutCode = line.replace(/`[^`]*`/g, "");
    for (const m of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      links.push({ file, target: m[1] as string });
    }
  }
  return links;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = headingSlug(m[1] as string);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Links to files that do not exist or to headings that are not there. Web links are skipped. */
export function brokenLinks(root: string, links: readonly DocLink[]): string[] {
  const problems: string[] = [];
  for (const { file, target } of links) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
    const [path = "", anchor] = target.split("#");
    const abs = path === "" ? join(root, file) : resolve(dirname(join(root, file)), path);
    if (!existsSync(abs)) {
      problems.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor !== undefined && anchor !== "" && abs.endsWith(".md")) {
      if (!anchorsOf(readFileSync(abs, "utf8")).has(anchor)) {
        problems.push(`${file}: ${target} (no heading #${anchor})`);
      }
    }
  }
  return problems;
}
