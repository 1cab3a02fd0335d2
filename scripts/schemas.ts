// `npm run schemas`: writes schemas/<name>.schema.json from the zod sources in
// src/core/agent-schemas.ts (test/repo/schemas.test.ts fails when a file drifts from its source).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  PUBLISHED_SCHEMAS,
  type PublishedSchemaName,
  publishedJsonSchema,
} from "../src/core/agent-schemas.js";

const dir = join(process.cwd(), "schemas");
mkdirSync(dir, { recursive: true });
for (const name of Object.keys(PUBLISHED_SCHEMAS) as PublishedSchemaName[]) {
  const file = join(dir, `${name}.schema.json`);
  writeFileSync(file, `${JSON.stringify(publishedJsonSchema(name), null, 2)}\n`);
  process.stdout.write(`wrote schemas/${name}.schema.json\n`);
}
