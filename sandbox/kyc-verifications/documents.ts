// Interface: Errors / 400 (document rejection reasons). Supplement section 14: POST, GET /documents,
// GET, PUT and DELETE /documents/{documentId} (multipart uploads, PDF, JPEG or PNG up to 10 MB; a
// document of a submitted verification is not deleted).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { getCustomer } from '../customers/state.js';
import { badRequest, conflict, invalidInput, notFound, type FieldError } from '../http/errors.js';
import { countMatches, indexedPage, watchField } from '../store/position-index.js';
import { DOCUMENT_REJECTIONS, DOCUMENT_TYPES, holderCustomer, PageQuery, presentDocument, push, reevaluate, state, type DocumentRecord } from './state.js';

/** The media type a file's leading bytes name: PDF (`%PDF-`), JPEG (FF D8 FF) or PNG (its 8-byte signature); else none. */
function typeByContent(buf: Buffer): string {
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'image/png';
  return '';
}

export async function documentRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /** Reads a multipart upload: its fields and its one file. */
  async function readUpload(req: FastifyRequest) {
    if (!req.isMultipart()) {
      throw invalidInput([{ field: 'file', message: 'Upload documents as multipart/form-data' }]);
    }
    const fields: Record<string, string> = {};
    let file: { name: string; size: number; type: string } | undefined;
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buf = await part.toBuffer().catch(() => {
          throw invalidInput([{ field: 'file', message: 'The file exceeds 10 MB' }]);
        });
        // The alternate reads the file's type from its content (its signature), not from the part's media type.
        file = { name: part.filename, size: buf.length, type: ctx.choices.alternate('document-type-by-content') ? typeByContent(buf) : part.mimetype };
      } else fields[part.fieldname] = String(part.value);
    }
    const problems: FieldError[] = [];
    if (!file) problems.push({ field: 'file', message: 'file is required' });
    else if (!['application/pdf', 'image/jpeg', 'image/png'].includes(file.type) && !ctx.faults.has('document-media-type-unchecked')) problems.push({ field: 'file', message: 'PDF, JPEG or PNG' });
    if (!DOCUMENT_TYPES.has(fields.documentType ?? '')) problems.push({ field: 'documentType', constraint: { enum: [...DOCUMENT_TYPES] }, message: 'a documentType of the interface' });
    if (!/^[A-Z]{2}$/.test(fields.country ?? '')) problems.push({ field: 'country', constraint: { format: 'iso3166-1-alpha-2', pattern: '^[A-Z]{2}$' }, message: 'an ISO 3166-1 alpha-2 code' });
    if (fields.side !== undefined && !['FRONT', 'BACK'].includes(fields.side)) problems.push({ field: 'side', constraint: { enum: ['FRONT', 'BACK'] }, message: 'FRONT or BACK' });
    return { fields, file, problems };
  }

  /** This sandbox's review of an upload: a rejection reason by the documentNumber's last three characters. */
  function review(fields: Record<string, string>): void {
    const code = DOCUMENT_REJECTIONS[(fields.documentNumber ?? '').slice(-3)];
    if (code && !ctx.faults.has('document-rejection-accepted')) {
      throw badRequest(code, `The document was rejected: ${code}`, { documentType: fields.documentType });
    }
  }

  app.post('/documents', async (req, reply) => {
    const { fields, file, problems } = await readUpload(req);
    // The fault: an upload with no documentHolder (and nothing else wrong) is refused below, but stored first, held by no one.
    if (!fields.documentHolder && !problems.length && ctx.faults.has('document-refused-holder-stored')) storeDocument({ ...fields, documentHolder: '' }, file!);
    if (!fields.documentHolder) problems.push({ field: 'documentHolder', message: 'a Customer or BeneficialOwner id' });
    if (problems.length) throw invalidInput(problems);
    if (fields.documentHolder.startsWith('Customer:')) getCustomer(ctx, fields.documentHolder);
    else if (!state(ctx).owners.has(fields.documentHolder) || ctx.faults.has('document-owner-holder-refused')) throw notFound('REFERENCE_NOT_FOUND', `Document holder ${fields.documentHolder} not found`);
    review(fields);
    const doc = storeDocument(fields, file!);
    const customerId = holderCustomer(ctx, doc.documentHolder);
    if (customerId) reevaluate(ctx, customerId);
    return reply.status(201).send(presentDocument(doc));
  });

  /** A new document of an upload's fields and file, stored and indexed. */
  function storeDocument(fields: Awaited<ReturnType<typeof readUpload>>['fields'], file: { name: string; size: number }): DocumentRecord {
    const doc: DocumentRecord = {
      id: `Document:${randomUUID()}`,
      documentType: fields.documentType,
      country: fields.country,
      documentHolder: fields.documentHolder,
      side: fields.side,
      documentNumber: fields.documentNumber,
      issuingAuthority: fields.issuingAuthority,
      fileName: file!.name,
      size: file!.size,
      createdAt: isoNow(ctx.clock),
      submitted: false,
      deleted: false,
    };
    const s = state(ctx);
    s.documents.set(doc.id, doc);
    const p = s.documentOrder.push(doc) - 1;
    push(s.documentsByHolder, doc.documentHolder, doc);
    const ix = s.documentPositions;
    ix.holder.add(doc.documentHolder, p);
    ix.live.add('live', p);
    watchField(doc, 'deleted', (_from, to) => ix.live.move(undefined, to ? undefined : 'live', p));
    return doc;
  }

  app.get('/documents', async (req) => {
    // This sandbox's fault: a limit over 100 accepted (supplement §1: limit 1–100).
    const pageQuery = ctx.faults.has('documents-limit-unbounded') ? PageQuery.extend({ limit: z.coerce.number().int().min(1).default(20) }) : PageQuery;
    const q = parse(pageQuery.extend({ documentHolder: z.string().min(1).optional() }), req.query);
    const s = state(ctx);
    // Upload order; the holder and the documents not deleted each name a positions list, the page walks the shortest.
    const holder = q.documentHolder && !ctx.faults.has('documents-holder-filter-ignored') ? q.documentHolder : undefined;
    const ix = s.documentPositions;
    const listDeleted = ctx.faults.has('documents-deleted-listed');
    const narrow = [holder ? ix.holder.get(holder) : undefined, listDeleted ? undefined : ix.live.get('live')].filter((list) => list !== undefined);
    const matches = (d: DocumentRecord) => (listDeleted || !d.deleted) && (!holder || d.documentHolder === holder);
    const page = indexedPage(s.documentOrder, { limit: q.limit, cursor: q.cursor, narrow }, matches, presentDocument);
    // The alternate answers the optional totalCount: every document the filter matches, all pages.
    return ctx.choices.alternate('kyc-lists-total-count') ? { ...page, totalCount: countMatches(s.documentOrder, { narrow }, matches) } : page;
  });

  const getDocument = (documentId: string) => {
    const d = state(ctx).documents.get(documentId);
    if (!d || d.deleted) throw notFound('REFERENCE_NOT_FOUND', `Document ${documentId} not found`);
    return d;
  };
  app.get('/documents/:documentId', async (req) => presentDocument(getDocument((req.params as { documentId: string }).documentId)));

  app.put('/documents/:documentId', async (req) => {
    const d = getDocument((req.params as { documentId: string }).documentId);
    const { fields, file, problems } = await readUpload(req);
    if (fields.documentHolder !== undefined && ctx.faults.has('document-reupload-moves-holder')) d.documentHolder = fields.documentHolder;
    // The alternate takes a re-upload that names a documentHolder, the field ignored (the holder cannot change).
    else if (fields.documentHolder !== undefined && !ctx.choices.alternate('document-put-holder-ignored')) problems.push({ field: 'documentHolder', message: 'documentHolder cannot change on re-upload' });
    if (problems.length) throw invalidInput(problems);
    review(fields);
    if (!ctx.faults.has('document-put-keeps-old-file')) {
      Object.assign(d, { documentType: fields.documentType, country: fields.country, side: fields.side, documentNumber: fields.documentNumber, issuingAuthority: fields.issuingAuthority, fileName: file!.name, size: file!.size });
    }
    d.updatedAt = isoNow(ctx.clock);
    state(ctx).documentRevisions.set(d.id, (state(ctx).documentRevisions.get(d.id) ?? 0) + 1);
    return presentDocument(d);
  });

  app.delete('/documents/:documentId', async (req, reply) => {
    const d = getDocument((req.params as { documentId: string }).documentId);
    if (d.submitted && !ctx.faults.has('document-delete-submitted-204')) {
      throw conflict('CONFLICT', `Document ${d.id} is part of a submitted verification`);
    }
    d.deleted = true;
    return reply.status(204).send();
  });
}
