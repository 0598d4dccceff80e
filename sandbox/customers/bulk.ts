// Supplement section 24: POST /customers/bulk/csv (multipart file*) -> 202 {jobId (Job:<uuid>), status:
// PENDING|PROCESSING}; GET /customers/bulk/jobs/{jobId} -> 200 job; 404 (BULK_UPLOAD_JOB_NOT_FOUND,
// inferred). Job {id, status (PENDING -> PROCESSING -> COMPLETED | FAILED), progress{total, processed,
// successful, failed}, errors?[{correlationId, code?, message?, details?}], completedAt?}; events
// BULK_UPLOAD.COMPLETED / .FAILED with the job. CSV columns as the supplement lists them.
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, type SandboxContext } from '../context.js';
import { ApiError, invalidInput, notFound } from '../http/errors.js';
import { createCustomerRecord, type CreateCustomerBody } from './state.js';

interface Job {
  id: string;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  progress: { total: number; processed: number; successful: number; failed: number };
  errors: { correlationId: string; code?: string; message?: string; details?: Record<string, unknown> }[];
  completedAt?: string;
}

const jobs = (ctx: SandboxContext) => areaState(ctx, 'bulk-jobs', () => new Map<string, Job>());
/** This sandbox's trigger: a file whose name ends so waits PENDING until POST /sandbox/customers/bulk/jobs/{jobId}/process. */
export const BULK_HOLD_SUFFIX = '.hold.csv';
const held = new WeakMap<Job, string[][]>();

/** RFC 4180 fields: commas, double quotes, "" inside quotes; CRLF or LF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

const text = z.string().min(1);
const opt = z.string().optional().transform((v) => (v === '' ? undefined : v));
const AddressColumns = { addressLine1: text, addressLine2: opt, city: text, state: text, postalCode: text, country: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code') };
const Row = z.discriminatedUnion('customerType', [
  z.object({ customerType: z.literal('INDIVIDUAL'), umaAddress: text, platformCustomerId: text, fullName: text, birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD'), email: opt, ...AddressColumns }).passthrough(),
  z.object({ customerType: z.literal('BUSINESS'), umaAddress: text, platformCustomerId: text, businessLegalName: text, businessRegistrationNumber: opt, businessTaxId: opt, ...AddressColumns }).passthrough(),
]);

function toCustomer(row: z.infer<typeof Row>): CreateCustomerBody {
  const address = { line1: row.addressLine1, line2: row.addressLine2, city: row.city, state: row.state, postalCode: row.postalCode, country: row.country };
  const common = { platformCustomerId: row.platformCustomerId, umaAddress: row.umaAddress, address };
  if (row.customerType === 'INDIVIDUAL') {
    return { customerType: 'INDIVIDUAL', ...common, fullName: row.fullName, birthDate: row.birthDate, ...(row.email ? { email: row.email } : {}) };
  }
  // The CSV carries no incorporation date: a business from a file has none until it is updated.
  const businessInfo = { legalName: row.businessLegalName, country: row.country, registrationNumber: row.businessRegistrationNumber, taxId: row.businessTaxId };
  return { customerType: 'BUSINESS', ...common, businessInfo } as unknown as CreateCustomerBody;
}

export async function bulkCustomerRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });

  function process(job: Job, rows: string[][]): void {
    const [header, ...data] = rows;
    for (const [n, cells] of data.entries()) {
      const record = Object.fromEntries(header.map((h, i) => [h.trim(), (cells[i] ?? '').trim()]));
      // openapi.yaml, BulkCustomerImportErrorEntry.correlationId: "Platform customer ID or row number for the failed entry";
      // the row number is the row's in the file, the header being row 1 (sandbox/README.md). The fault writes it `row-<number>`.
      // The alternate numbers the data rows from 1 and names every failed row by its number.
      const byNumber = ctx.choices.alternate('bulk-row-numbers');
      const rowNumber = String(byNumber ? n + 1 : n + 2);
      const correlationId = (!byNumber && !ctx.faults.has('bulk-row-error-uncorrelated') && record.platformCustomerId) || (ctx.faults.has('bulk-row-number-prefixed') ? `row-${rowNumber}` : rowNumber);
      const parsed = Row.safeParse(record);
      job.progress.processed++;
      if (!parsed.success) {
        job.progress.failed++;
        job.errors.push({ correlationId, code: 'INVALID_INPUT', message: 'The row is invalid', details: { errors: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) } });
        continue;
      }
      try {
        const customer = toCustomer(parsed.data);
        if (ctx.faults.has('bulk-row-fields-dropped') && customer.customerType === 'INDIVIDUAL') delete (customer as { fullName?: string }).fullName;
        // The faults: the address loses its second line and city, or the optional columns are not read.
        const loose = customer as { address?: { line2?: string; city?: string }; email?: string; businessInfo?: { taxId?: string } };
        if (ctx.faults.has('bulk-row-address-partly-dropped') && loose.address) loose.address = { ...loose.address, line2: undefined, city: undefined };
        if (ctx.faults.has('bulk-row-optional-columns-dropped')) {
          delete loose.email;
          if (loose.businessInfo) loose.businessInfo = { ...loose.businessInfo, taxId: undefined };
        }
        createCustomerRecord(ctx, customer);
        job.progress.successful++;
      } catch (err) {
        if (ctx.faults.has('bulk-job-progress-miscounted')) job.progress.successful++;
        else job.progress.failed++;
        job.errors.push({ correlationId, code: err instanceof ApiError ? err.code : 'INTERNAL_ERROR', message: (err as Error).message });
      }
    }
    // This sandbox's FAILED: no row became a customer (sandbox/README.md).
    // The alternate: FAILED when any row was refused.
    job.status = job.progress.successful === 0 || (ctx.choices.alternate('bulk-failed-any-row') && job.progress.failed > 0) ? 'FAILED' : 'COMPLETED';
    job.completedAt = isoNow(ctx.clock);
    if (!(ctx.faults.has('bulk-completed-no-event') && job.status === 'COMPLETED')) ctx.webhooks.emit(`BULK_UPLOAD.${job.status}`, present(job));
  }
  const present = (job: Job) => ({ ...job, progress: { ...job.progress }, errors: [...job.errors] });

  app.post('/customers/bulk/csv', async (req, reply) => {
    if (!req.isMultipart()) throw invalidInput([{ field: 'file', message: 'Upload the CSV as multipart/form-data' }]);
    let csv: string | undefined;
    let fileName = '';
    for await (const part of req.parts()) {
      // Under the fault a CSV in a part of any name is taken as the file.
      if (part.type === 'file' && (part.fieldname === 'file' || (ctx.faults.has('bulk-upload-any-file-part') && csv === undefined))) {
        csv = (await part.toBuffer()).toString('utf8');
        fileName = part.filename ?? '';
      }
    }
    if (csv === undefined) throw invalidInput([{ field: 'file', message: 'file is required' }]);
    const rows = parseCsv(csv);
    const header = rows[0]?.map((h) => h.trim()) ?? [];
    const missing = ['umaAddress', 'platformCustomerId', 'customerType'].filter((c) => !header.includes(c));
    if (missing.length) throw invalidInput(missing.map((c) => ({ field: `file.${c}`, message: `the CSV has no ${c} column` })));
    const hold = fileName.endsWith(BULK_HOLD_SUFFIX);
    const job: Job = { id: `Job:${randomUUID()}`, status: hold ? 'PENDING' : 'PROCESSING', progress: { total: rows.length - 1, processed: 0, successful: 0, failed: 0 }, errors: [] };
    jobs(ctx).set(job.id, job);
    if (hold) held.set(job, rows);
    else ctx.later(ctx.settings.provisioningDelayMs, () => process(job, rows));
    return reply.status(202).send({ jobId: job.id, status: job.status });
  });

  app.post('/sandbox/customers/bulk/jobs/:jobId/process', async (req) => {
    const { jobId } = req.params as { jobId: string };
    const job = jobs(ctx).get(jobId);
    if (!job) throw notFound('BULK_UPLOAD_JOB_NOT_FOUND', `Bulk upload job ${jobId} not found`);
    const rows = held.get(job);
    if (!rows || job.status !== 'PENDING') throw new ApiError(409, 'CONFLICT', `Bulk upload job ${jobId} is ${job.status}, not waiting`);
    held.delete(job);
    job.status = ctx.faults.has('bulk-job-skips-processing') ? job.status : 'PROCESSING';
    ctx.later(ctx.settings.provisioningDelayMs, () => process(job, rows));
    return present(job);
  });

  app.get('/customers/bulk/jobs/:jobId', async (req) => {
    const { jobId } = req.params as { jobId: string };
    const job = jobs(ctx).get(jobId);
    if (!job) throw notFound(ctx.faults.has('bulk-job-unknown-wrong-code') ? 'REFERENCE_NOT_FOUND' : 'BULK_UPLOAD_JOB_NOT_FOUND', `Bulk upload job ${jobId} not found`);
    return present(job);
  });
}
