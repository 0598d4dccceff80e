// Every documented field rule of the document upload and re-upload (multipart), both ways, with
// generated data (helpers/field-rules/customers.ts holds the rules and their citations). basis:
// supplement (section 14: POST /documents file* PDF/JPEG/PNG, documentType* (26 values), country*,
// documentHolder*, side? FRONT|BACK, documentNumber?, issuingAuthority?; PUT "as POST minus
// documentHolder"), interface: Errors (FieldError names the field).
import { describe, expect, it } from 'vitest';
import { bareIndividual } from '../../fixtures/customers.js';
import { expectStatus } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { uploadDocument } from '../../helpers/flows/kyc.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { api } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted, StrayValues } from '../../helpers/field-rules/check.js';
import { documentUpload } from '../../helpers/field-rules/customers.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { Document, DocumentPage } from '../../helpers/schemas/kyc.js';
import { documentImage, documentJpeg, documentPdf } from '../../fixtures/document-image.js';

/** A whole file of each media type (fixtures/document-image.ts): a scanned card as PNG and JPEG, and a PDF holding it. */
const CONTENT: Record<string, Buffer> = {
  'application/pdf': await documentPdf(),
  'image/jpeg': documentJpeg(),
  'image/png': documentImage(),
};
const EXTENSION: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'text/plain': 'txt', 'application/zip': 'zip', 'image/gif': 'gif' };

/** The generated fields as a multipart form: `file` is the media type the upload is sent with, absent when the rule removes it. */
function form(body: Record<string, unknown>): FormData {
  const f = new FormData();
  const { file, ...fields } = body;
  if (typeof file === 'string') f.set('file', new Blob([CONTENT[file] ?? Buffer.from('plain text, no image')], { type: file }), `upload.${EXTENSION[file] ?? 'bin'}`);
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.set(k, String(v));
  return f;
}
/** `file` is the upload, not a field of the Document (its fileName is the target's record of it). */
const aliases = { file: () => [undefined] };
const holderDocuments = async (documentHolder: string) => expectStatus(await api.get('/documents', { query: { documentHolder } }), 200, DocumentPage).data.map((d) => d.id);

describe('POST /documents', () => {
  scenario({ area: 'Documents', operation: 'POST /documents', section: 'What the service does', basis: 'supplement' });
  const send = (body: Record<string, unknown>) => api.post('/documents', { form: form(body) });

  it('refuses every upload that breaks one documented field rule with 400 INVALID_INPUT naming the field, and stores nothing', async () => {
    await basisSupplement('section 14: POST /documents fields; generated, one rule broken per request');
    const holder = await createCustomer(bareIndividual());
    // Uploads breaking a documentHolder rule name no holder of the scenario's: looked for in the whole list, by
    // the value they sent (a document stored with none fails the list's schema, whose documentHolder is required).
    const strays = new StrayValues('documentHolder', holder.id);
    await checkRulesRefused({
      independent: true,
      spec: documentUpload('POST /documents'),
      complete: (b) => ({ ...b, documentHolder: holder.id }),
      send: (body) => send(strays.collect(body)),
      unchanged: async (rule) => {
        expect(await holderDocuments(holder.id), `uploads breaking ${rule.id} were refused and stored no document of ${holder.id}`).toEqual([]);
        const stored = (await walkPages('/documents', Document, { limit: 100 })).filter((d) => strays.holds(d.documentHolder));
        expect(stored.map((d) => `${d.id} (documentHolder ${JSON.stringify(d.documentHolder)})`), `uploads breaking ${rule.id} were refused and stored no document under the holder they sent`).toEqual([]);
      },
    });
  });

  it('accepts valid uploads and reads them back as sent', async () => {
    await basisSupplement('section 14: 201 Document; GET /documents/{id}');
    const holder = await createCustomer(bareIndividual());
    await checkValidAccepted({
      spec: documentUpload('POST /documents'),
      complete: (b) => ({ ...b, documentHolder: holder.id }),
      send,
      created: { status: 201, schema: Document },
      readBack: (d) => api.get('/documents/{documentId}', { params: { documentId: d.id } }),
      aliases,
    });
  });
});

describe('PUT /documents/{documentId}', () => {
  scenario({ area: 'Documents', operation: 'PUT /documents/{documentId}', section: 'What the service does', basis: 'supplement' });
  const put = (documentId: string) => (body: Record<string, unknown>) => api.put('/documents/{documentId}', { params: { documentId }, form: form(body) });

  it('refuses every re-upload that breaks one documented field rule with 400 INVALID_INPUT naming the field, and keeps the document as it was', async () => {
    await basisSupplement('section 14: PUT "as POST minus documentHolder"');
    const holder = await createCustomer(bareIndividual());
    const doc = await uploadDocument(holder.id, 'PASSPORT');
    const before = expectStatus(await api.get('/documents/{documentId}', { params: { documentId: doc.id } }), 200, Document);
    await checkRulesRefused({
      independent: true,
      spec: documentUpload('PUT /documents/{documentId}'),
      send: put(doc.id),
      unchanged: async (rule) =>
        expect(expectStatus(await api.get('/documents/{documentId}', { params: { documentId: doc.id } }), 200, Document), `re-uploads breaking ${rule.id} were refused and left ${doc.id} as it was`).toEqual(before),
    });
  });

  it('accepts valid re-uploads and reads them back as sent', async () => {
    await basisSupplement('section 14: PUT 200 (re-upload)');
    const holder = await createCustomer(bareIndividual());
    const doc = await uploadDocument(holder.id, 'PASSPORT');
    await checkValidAccepted({
      spec: documentUpload('PUT /documents/{documentId}'),
      send: put(doc.id),
      created: { status: 200, schema: Document },
      readBack: (d) => api.get('/documents/{documentId}', { params: { documentId: d.id } }),
      aliases,
    });
  });
});
