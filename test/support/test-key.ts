/**
 * vitest globalSetup: the RSA key the App suites sign their installation tokens with, made once
 * for the whole test run and given to every test process (`testPrivateKey()`,
 * test/support/probot.ts). Made in each process that needed it, it cost 80-350 ms of CPU there.
 */
import { generateKeyPairSync } from "node:crypto";
import type { TestProject } from "vitest/node";
import { sharedPerRun } from "./shared-per-run.js";

declare module "vitest" {
  export interface ProvidedContext {
    testPrivateKey: string;
  }
}

function makeKey(): string {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey;
}

export default function setup(project: TestProject): () => void {
  const { value, teardown } = sharedPerRun("private-key", makeKey, () => {});
  project.provide("testPrivateKey", value);
  return teardown;
}
