// GET /documents: documentHolder narrows (with a control), paging visits every item once, limit
// outside 1–100 is refused. basis: supplement (section 14: GET /documents documentHolder?, paging;
// section 1: paging).
import { describe, expect, it } from 'vitest';
import { bareIndividual } from '../../fixtures/customers.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectStatus, noteInterface } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { uploadDocument } from '../../helpers/flows/kyc.js';
import { expectLimitRange, expectPagedOnce, idsPaged } from '../../helpers/flows/list-rules.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { Document, DocumentPage } from '../../helpers/schemas/kyc.js';

const OP = 'GET /documents';

describe(OP, () => {
  scenario({ area: 'Documents', operation: OP, section: 'What the service does', basis: 'supplement' });

  it("narrows by documentHolder, never listing another holder's documents, each once in pages of one", async () => {
    await basisSupplement('section 14: documentHolder, paging');
    const holder = await createCustomer(bareIndividual());
    const other = await createCustomer(bareIndividual());
    const docs = [];
    for (const type of ['PASSPORT', 'UTILITY_BILL', 'SELFIE']) docs.push((await uploadDocument(holder.id, type)).id);
    const foreign = (await uploadDocument(other.id, 'PASSPORT')).id;
    await expectPagedOnce(OP, '/documents', Document, { documentHolder: holder.id }, 1, docs);
    // Supplement 1: totalCount? (optional); where given, it counts every page of the list, not the page.
    const first = expectStatus(await api.get('/documents', { query: { documentHolder: holder.id, limit: 1 } }), 200, DocumentPage, 'Supplement 14: GET /documents answers a page');
    const sentences = ['Supplement 1: body {data[]*, hasMore*, nextCursor?, totalCount?: int}', 'Description, DocumentListResponse.totalCount: "Total number of results matching the criteria"'];
    if (first.totalCount !== undefined) expect(first.totalCount, sentences[1]).toBe(docs.length);
    noteInterface('documents:list-total-count', sentences, first.totalCount === undefined ? 'no totalCount' : `totalCount ${first.totalCount} on a page of ${first.data.length}`);
    expect(await idsPaged('/documents', Document, { documentHolder: other.id }, 1), 'control: the other holder lists its own document only').toEqual([foreign]);
    recordRule(OP, LIST_RULES.filter('documentHolder'));
  });

  it('refuses limit 0 and 101 with 400 and accepts 1 and 100', async () => {
    await basisSupplement('section 1: limit 1–100');
    await expectLimitRange(OP, '/documents');
  });
});
