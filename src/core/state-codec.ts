import { type MachineState, machineStateSchema } from "./state.js";
import { fromWire, toWire } from "./state-wire.js";
import { formatZodIssues } from "./zod-errors.js";

/**
 * The machine state's home (DESIGN §6.1): a hidden block in the status comment,
 * `<!-- ralph:state v1 <base64 of JSON> -->`. Base64 keeps `-->` and newlines out of the
 * comment. Callers must check the comment's author is Ralph before trusting what this returns.
 */

export const STATUS_MARKER = "<!-- ralph:status -->";
export const STATE_BLOCK_VERSION = 1;

export class StateBlockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StateBlockError";
  }
}

// Loose on purpose: anything that claims to be a state block is found, so a malformed or second
// block is reported instead of silently skipped.
const STATE_BLOCK = /<!--\s*ralph:state\b([\s\S]*?)-->/g;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function encodeStateBlock(state: MachineState): string {
  const json = JSON.stringify(toWire(state));
  return `<!-- ralph:state v${STATE_BLOCK_VERSION} ${Buffer.from(json, "utf8").toString("base64")} -->`;
}

/**
 * The one state block in `body` (the whole `<!-- ralph:state … -->` text), or null when there is
 * none. Two blocks throw: which one would be the truth is not knowable.
 */
export function findStateBlock(body: string): string | null {
  return findOne(body)?.[0] ?? null;
}

function findOne(body: string): RegExpExecArray | null {
  const blocks = [...body.matchAll(STATE_BLOCK)];
  if (blocks.length > 1) {
    throw new StateBlockError(`found ${blocks.length} state blocks; expected exactly one`);
  }
  return (blocks[0] as RegExpExecArray | undefined) ?? null;
}

export function isStatusComment(body: string): boolean {
  return body
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith(STATUS_MARKER);
}

export function decodeStateBlock(commentBody: string): MachineState {
  const block = findOne(commentBody);
  if (block === null) throw new StateBlockError("no state block");
  const words = (block[1] ?? "").trim().split(/\s+/);
  const versionWord = words[0] ?? "";
  const version = /^v(\d+)$/.exec(versionWord);
  if (!version)
    throw new StateBlockError(
      `malformed state block: no version (got '${versionWord.slice(0, 20)}')`,
    );
  if (Number(version[1]) !== STATE_BLOCK_VERSION) {
    throw new StateBlockError(`unsupported version ${version[1]}`);
  }
  if (words.length !== 2) throw new StateBlockError("not base64: expected one base64 payload");
  const payload = words[1] ?? "";
  if (!BASE64.test(payload)) throw new StateBlockError("not base64");

  let json: string;
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(payload, "base64"));
  } catch {
    throw new StateBlockError("not JSON: payload is not UTF-8");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new StateBlockError(`not JSON: ${(error as Error).message}`);
  }
  if (typeof raw === "object" && raw !== null && "version" in raw) {
    const inside = (raw as { version: unknown }).version;
    if (typeof inside === "number" && inside !== STATE_BLOCK_VERSION) {
      throw new StateBlockError(`unsupported version ${inside}`);
    }
  }
  const result = machineStateSchema.safeParse(fromWire(raw));
  if (!result.success) {
    throw new StateBlockError(`invalid state: ${formatZodIssues(result.error).join("; ")}`);
  }
  return result.data;
}

/** `body` with its state block replaced by (or, when it has none, ended with) the new one. */
export function replaceStateBlock(body: string, state: MachineState): string {
  const block = findStateBlock(body);
  const next = encodeStateBlock(state);
  return block === null ? `${body.trimEnd()}\n\n${next}` : body.replace(block, () => next);
}
