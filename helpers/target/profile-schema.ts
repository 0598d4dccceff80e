// `npm run profile:schema`: writes target-profile.schema.json, the JSON Schema of a target profile,
// for editors, from the settings registry (helpers/target/registry.ts, through profile.ts). A
// self-test keeps the committed file equal to it (selftest/helpers/profile.test.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { profileJsonSchema } from './profile.js';

export const SCHEMA_FILE = join(import.meta.dirname, '../../target-profile.schema.json');
export const schemaText = () => `${JSON.stringify(profileJsonSchema(), null, 2)}\n`;

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  writeFileSync(SCHEMA_FILE, schemaText());
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}
