// Prints each row's disagreements with the description (a working aid: npx tsx selftest/description/suite-schemas/report.ts [row filter]).
import { DescriptionValidator } from '../../../helpers/description/validator.js';
import { disagreements, refusedExamples } from './agreement.js';
import { describedWebhookTypes } from './webhook-types.js';
import { ROWS, webhookRows } from './table.js';

const validator = DescriptionValidator.load();
const filter = process.argv[2];
let total = 0;
for (const r of [...ROWS, ...webhookRows(describedWebhookTypes(validator.doc))]) {
  if (filter && !r.suite.includes(filter) && !r.described.includes(filter)) continue;
  const pointer = r.described.startsWith('/') ? r.described : `/components/schemas/${r.described}`;
  const found = disagreements(validator, r.schema, pointer);
  const examples = refusedExamples(validator, r.schema, pointer);
  total += found.length + examples.length;
  console.log(`${r.suite} ~ ${r.described}: ${found.length}${examples.length ? `, examples refused: ${examples.length}` : ''}`);
  if (process.env.VERBOSE) for (const e of examples) console.log(`   example | ${e.name} | ${e.detail.slice(0, 300)}`);
  if (process.env.VERBOSE) for (const d of found.slice(0, Number(process.env.VERBOSE) || 40)) console.log(`   ${d.kind} | ${d.instance} | ${d.detail.slice(0, 300)}`);
}
console.log(`total ${total}`);
