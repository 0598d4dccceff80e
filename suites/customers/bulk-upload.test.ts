// Supplement section 24: POST /customers/bulk/csv (multipart file*) -> 202 {jobId (Job:<uuid>), status
// PENDING|PROCESSING}; GET /customers/bulk/jobs/{jobId} -> 200 job, 404 (BULK_UPLOAD_JOB_NOT_FOUND,
// inferred; the interface lists the code under Errors / 404); job status PENDING -> PROCESSING ->
// COMPLETED | FAILED, progress {total, processed, successful, failed}, errors[{correlationId, …}];
// events BULK_UPLOAD.COMPLETED / .FAILED with the job (section 27). The CSV columns are the
// supplement's. When a job ends FAILED is not stated: the target declares it
// (SVC_BULK_FAILED_WHEN_NO_ROW_SUCCEEDS).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { rng } from '../../fixtures/random.js';
import { expectEvents, waitForEvent } from '../../helpers/events.js';
import { expectError, expectFieldErrorsIfGiven, expectRefusal, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { BULK_FILE_REQUIRED } from '../../helpers/field-rules/customers.js';
import { addressed, createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { BulkUploadAccepted, BulkUploadJob, CustomerPage } from '../../helpers/schemas/customers.js';
import { Customer } from '../../helpers/schemas/index.js';
import { ids } from '../../helpers/spec/catalog.js';

const COLUMNS = ['umaAddress', 'platformCustomerId', 'customerType', 'fullName', 'birthDate', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country', 'businessLegalName', 'email', 'businessRegistrationNumber', 'businessTaxId'] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string>>;

const tag = () => rng().string.alphanumeric(10).toLowerCase();
const person = (over: Row = {}): Row => {
  const t = tag();
  return { umaAddress: `$bulk.${t}@sandbox.uma.money`, platformCustomerId: `bulk-${t}`, customerType: 'INDIVIDUAL', fullName: 'Bulk Person', birthDate: '1985-04-12', addressLine1: '1 Main St', addressLine2: 'Apt 4B', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US', email: `bulk.${t}@example.com`, ...over };
};
const company = (over: Row = {}): Row => {
  const t = tag();
  return { umaAddress: `$bulkco.${t}@sandbox.uma.money`, platformCustomerId: `bulkco-${t}`, customerType: 'BUSINESS', businessLegalName: 'Bulk Co, Inc.', addressLine1: '2 Market St', addressLine2: 'Suite 200', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US', businessRegistrationNumber: '5523041', businessTaxId: '47-1234567', ...over };
};
const csv = (rows: Row[]) =>
  [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => (/[",]/.test(r[c] ?? '') ? `"${(r[c] ?? '').replace(/"/g, '""')}"` : r[c] ?? '')).join(','))].join('\n');
function upload(rows: Row[], fileName = 'customers.csv', part = 'file') {
  const form = new FormData();
  form.set(part, new Blob([csv(rows)], { type: 'text/csv' }), fileName);
  return api.post('/customers/bulk/csv', { form });
}
const listed = async (platformCustomerId: string) =>
  expectStatus(await api.get('/customers', { query: { platformCustomerId } }), 200, CustomerPage).data.length;
const job = (jobId: string) => api.get('/customers/bulk/jobs/{jobId}', { params: { jobId } });

/**
 * Supplement 24: errors[{correlationId*, …}], one per failed row. Description:
 * BulkCustomerImportErrorEntry.correlationId "Platform customer ID or row number for the failed entry":
 * a row without a platformCustomerId is named by its row number; which of the two a row with one gets is
 * not fixed, unless the target declares the column (SVC_BULK_CORRELATION_COLUMN). Whether the header
 * counts as a row is not stated: numbers from the first data row (1) or from the header (the first data
 * row then 2) are both taken, one way for the whole job.
 */
function expectRowErrors(done: BulkUploadJob, uploaded: Row[], bad: Row[]): void {
  const errors = done.errors ?? [];
  expect(errors.length, 'Supplement 24: one error per row that failed').toBe(done.progress.failed);
  const column = capabilities.customerTriggers.bulkCorrelationColumn as keyof Row | undefined;
  const named = errors.map((e) => e.correlationId);
  const fits = (first: 1 | 2) => {
    const left = [...named];
    for (const row of bad) {
      const number = String(uploaded.indexOf(row) + first);
      const id = row.platformCustomerId || undefined;
      const allowed = column ? [row[column] || number] : id ? [id, number] : [number];
      const at = left.findIndex((n) => allowed.includes(n));
      if (at < 0) return false;
      left.splice(at, 1);
    }
    return left.length === 0;
  };
  const rows = bad.map((r) => `${r.platformCustomerId || '(none)'} at data row ${uploaded.indexOf(r) + 1}`).join(', ');
  expect(
    fits(1) || fits(2),
    `Description: BulkCustomerImportErrorEntry.correlationId "Platform customer ID or row number for the failed entry"${column ? ` (the declared column ${column}, else the row number)` : ''}: each failed row (${rows}) is named once; got ${JSON.stringify(named)}`,
  ).toBe(true);
  const byId = bad.filter((r) => r.platformCustomerId && named.includes(r.platformCustomerId)).length;
  noteInterface(
    'bulk-upload-correlation-id',
    ['Description: BulkCustomerImportErrorEntry.correlationId "Platform customer ID or row number for the failed entry"', 'Which of the two a row with a platformCustomerId gets is not stated'],
    `${byId} of the ${bad.filter((r) => r.platformCustomerId).length} failed rows with a platformCustomerId named by it${column ? ` (declared: the ${column} column)` : ''}`,
  );
}

/** Supplement 24: progress {total, processed, successful, failed}: the rows processed are those that succeeded or failed, never more than the total. */
function expectConsistentProgress(j: BulkUploadJob): void {
  const p = j.progress;
  expect(p.successful + p.failed, `Supplement 24: processed = successful + failed while ${j.status}; ${JSON.stringify(p)}`).toBe(p.processed);
  expect(p.processed, `Supplement 24: processed never exceeds total; ${JSON.stringify(p)}`).toBeLessThanOrEqual(p.total);
}

/** The customer a valid row made is a customer of the API: found by its platformCustomerId, read by id, with the row's values. */
async function expectCustomerOf(row: Row): Promise<void> {
  const page = expectStatus(await api.get('/customers', { query: { platformCustomerId: row.platformCustomerId } }), 200, CustomerPage);
  expect(page.data.length, `row ${row.platformCustomerId} became one customer`).toBe(1);
  const customer = expectStatus(await api.get('/customers/{customerId}', { params: { customerId: addressed(page.data[0], 'the listed customer').id } }), 200, Customer, 'Supplement 4: GET /customers/{id} answers the customer');
  expect(customer, `Supplement 24/4: the customer carries the row's platformCustomerId, customerType and umaAddress`).toMatchObject({ platformCustomerId: row.platformCustomerId, customerType: row.customerType, umaAddress: row.umaAddress });
  // Description, uploadCustomersCsv: the address columns are the Address's members by their descriptions
  // ("Street address line 1", "Street address line 2", "City", "State/Province/Region", "Postal/ZIP code",
  // "Country code (ISO 3166-1 alpha-2)"), on an individual's and a business's `address` alike.
  const address = { line1: row.addressLine1, city: row.city, state: row.state, postalCode: row.postalCode, country: row.country, ...(row.addressLine2 ? { line2: row.addressLine2 } : {}) };
  expect((customer as { address?: unknown }).address, `Description, uploadCustomersCsv: the row's address columns are the customer's address (${row.platformCustomerId})`).toMatchObject(address);
  if (row.customerType === 'INDIVIDUAL') {
    expect(customer, "Supplement 24/4: an INDIVIDUAL row's fullName and birthDate are the customer's").toMatchObject({ fullName: row.fullName, birthDate: row.birthDate });
    // Description: the optional column email, "Customer's email address" (Customer.email).
    if (row.email) expect(customer.email, "Description, uploadCustomersCsv: an INDIVIDUAL row's email is the customer's").toBe(row.email);
  } else {
    const info = (customer as { businessInfo?: { legalName?: string; registrationNumber?: string; taxId?: string } }).businessInfo;
    expect(info?.legalName, "Supplement 24/4: a BUSINESS row's businessLegalName is businessInfo.legalName").toBe(row.businessLegalName);
    // Description: businessRegistrationNumber "Business registration number", businessTaxId "Tax identification number" (BusinessInfo.registrationNumber, taxId).
    if (row.businessRegistrationNumber) expect(info?.registrationNumber, "Description, uploadCustomersCsv: a BUSINESS row's businessRegistrationNumber is businessInfo.registrationNumber").toBe(row.businessRegistrationNumber);
    if (row.businessTaxId) expect(info?.taxId, "Description, uploadCustomersCsv: a BUSINESS row's businessTaxId is businessInfo.taxId").toBe(row.businessTaxId);
  }
}

describe('POST /customers/bulk/csv', () => {
  scenario({ area: 'Customers', operation: 'POST /customers/bulk/csv', section: 'Customers', basis: 'supplement' });

  it('creates the valid rows as customers and reports the others, counted to the row, ending COMPLETED or FAILED with its event', async () => {
    await basisSupplement('bulk upload: 202 {jobId, status}, job progress and errors, BULK_UPLOAD.COMPLETED | FAILED (sections 24, 27)');
    const taken = await createCustomer(individual());
    const good = [person(), person({ fullName: 'Quoted, "Bulk" Person' }), company()];
    // The last bad row has no platformCustomerId (and an invalid birthDate, so it fails whether or not a
    // target would make one up): its correlationId can only be its row number.
    const bad = [person({ birthDate: '' }), person({ platformCustomerId: taken.platformCustomerId }), company({ businessLegalName: '' }), person({ platformCustomerId: '', birthDate: '' })];
    const since = await listener.mark();
    const uploaded = [good[0], bad[0], good[1], bad[1], good[2], bad[2], bad[3]];
    const accepted = expectStatus(await upload(uploaded), 202, BulkUploadAccepted, 'Supplement 24: 202 {jobId, status: PENDING|PROCESSING}');

    // Supplement 24: the job ends COMPLETED or FAILED; which of the two a job with failed rows ends in is not stated.
    const end = await waitForEvent(accepted.jobId, (n) => n.type === 'BULK_UPLOAD.COMPLETED' || n.type === 'BULK_UPLOAD.FAILED', 'BULK_UPLOAD.COMPLETED or BULK_UPLOAD.FAILED', { since });
    const ended = end.type === 'BULK_UPLOAD.COMPLETED' ? 'COMPLETED' : 'FAILED';
    const [event] = await expectEvents(accepted.jobId, [{ type: end.type, where: (d) => BulkUploadJob.safeParse(d).success && d.status === ended, what: `data: the job, ${ended}` }], { since });
    noteInterface('bulk-upload-failed-meaning', ['Supplement 24: job status PENDING -> PROCESSING -> COMPLETED | FAILED', 'When a job is FAILED rather than COMPLETED with errors is not stated'], `a job with 4 of its 7 rows refused ended ${ended}`);
    const done = BulkUploadJob.parse(event.data);
    expect(done.progress, 'Supplement 24: progress counts every row').toEqual({ total: 7, processed: 7, successful: 3, failed: 4 });
    expectRowErrors(done, uploaded, bad);
    if (accepted.status === 'PROCESSING') expectTransition('bulk-upload-job', accepted.status, done.status, 'PROCESSING', ended);

    const read = expectStatus(await job(accepted.jobId), 200, BulkUploadJob, 'Supplement 24: GET /customers/bulk/jobs/{jobId} answers the job');
    expect(read).toMatchObject({ id: accepted.jobId, status: ended, progress: done.progress });
    for (const row of good) await expectCustomerOf(row);
    for (const row of bad.filter((r) => r.platformCustomerId && r.platformCustomerId !== taken.platformCustomerId)) {
      expect(await listed(row.platformCustomerId!), `the invalid row ${row.platformCustomerId} creates no customer`).toBe(0);
    }
    const byUma = expectStatus(await api.get('/customers', { query: { umaAddress: bad[3].umaAddress } }), 200, CustomerPage).data;
    expect(byUma.length, `the invalid row without a platformCustomerId (umaAddress ${bad[3].umaAddress}) creates no customer`).toBe(0);
  });

  it('ends FAILED with BULK_UPLOAD.FAILED when no row becomes a customer', async (ctx) => {
    requireCapability(ctx, capabilities.customerTriggers.bulkFailedWhenNoRowSucceeds, 'the target declares no case in which a job fails (SVC_BULK_FAILED_WHEN_NO_ROW_SUCCEEDS)', [ids.event('BULK_UPLOAD.FAILED')]);
    await basisSupplement('job status COMPLETED | FAILED, BULK_UPLOAD.FAILED (sections 24, 27); when it fails as the target declares');
    const since = await listener.mark();
    const bad = [person({ birthDate: 'yesterday' }), person({ country: 'USA' }), company({ businessLegalName: '' })];
    const accepted = expectStatus(await upload(bad), 202, BulkUploadAccepted);
    const [event] = await expectEvents(accepted.jobId, [{ type: 'BULK_UPLOAD.FAILED', where: (d) => BulkUploadJob.safeParse(d).success && d.status === 'FAILED', what: 'data: the job, FAILED' }], { since });
    const failed = BulkUploadJob.parse(event.data);
    expect(failed.progress, 'Supplement 24: progress counts every row').toEqual({ total: 3, processed: 3, successful: 0, failed: 3 });
    expectRowErrors(failed, bad, bad);
    expect(expectStatus(await job(accepted.jobId), 200, BulkUploadJob).status, 'the job reads FAILED').toBe('FAILED');
    noteInterface('bulk-upload-failed-meaning', ['Supplement 24: job status PENDING -> PROCESSING -> COMPLETED | FAILED', 'When a job is FAILED rather than COMPLETED with errors is not stated'], 'declared: FAILED when no row became a customer');
    if (accepted.status === 'PROCESSING') expectTransition('bulk-upload-job', accepted.status, event.data.status, 'PROCESSING', 'FAILED');
  });
});

describe('POST /customers/bulk/csv without its file', () => {
  scenario({ area: 'Customers', operation: 'POST /customers/bulk/csv', section: 'Customers', basis: 'supplement' });

  it('refuses a request whose CSV is not in the part file with a client error, and starts no job: its row never becomes a customer', async () => {
    await basisSupplement('section 24: POST /customers/bulk/csv (multipart file*) -> 202 {jobId*, status*} (401/500 only); the refusal\'s code is not stated');
    const unsent = person();
    // The CSV in a part of another name: a request without `file`.
    const refused = expectRefusal(await upload([unsent], 'customers.csv', 'csv'), 'Supplement 24: POST /customers/bulk/csv takes multipart file* (required); a request without it is not accepted', {
      id: 'bulk-upload-missing-file',
      sentences: ['Supplement 24: POST /customers/bulk/csv (multipart file*) -> 202 {jobId*, status*} (401/500 only)', 'Which error answers a request without the file is not stated: the errors listed are 401 and 500'],
    });
    // Interface, Errors: "On 400 field-validation errors from submit endpoints, details.errors is an array of FieldError, one per invalid field".
    if (refused.status === 400 && refused.code === 'INVALID_INPUT') expectFieldErrorsIfGiven(refused, ['file'], 'POST /customers/bulk/csv', 'Errors: FieldError field is the dot-notation path to the offending field (file)');
    // Control: the same rows under `file` are a job, which runs to its end; the refused request's row is no customer.
    const since = await listener.mark();
    const sent = person();
    const accepted = expectStatus(await upload([sent]), 202, BulkUploadAccepted, 'Supplement 24: 202 {jobId, status: PENDING|PROCESSING}');
    await expectEvents(accepted.jobId, [{ type: 'BULK_UPLOAD.COMPLETED', where: (d) => d.status === 'COMPLETED', what: 'the control job, COMPLETED' }], { since });
    await expectCustomerOf(sent);
    expect(await listed(unsent.platformCustomerId!), 'the refused request started no job: its row became no customer').toBe(0);
    recordRule('POST /customers/bulk/csv', BULK_FILE_REQUIRED);
  });
});

describe('Bulk upload job status', () => {
  scenario({ area: 'Customers', operation: 'POST /customers/bulk/csv', section: 'Customers', basis: 'supplement' });

  it('goes PENDING, then PROCESSING, then COMPLETED', async (ctx) => {
    const suffix = capabilities.customerTriggers.bulkHoldSuffix;
    requireCapability(ctx, capabilities.sandboxTriggers && suffix !== undefined, 'the target declares no way to hold a job PENDING (SVC_BULK_HOLD_SUFFIX)', [ids.transition('bulk-upload-job', 'PENDING', 'PROCESSING')]);
    await basisSupplement('job status PENDING -> PROCESSING -> COMPLETED | FAILED (section 24); the hold as the target declares it');
    const row = person();
    const accepted = expectStatus(await upload([row], `customers${suffix}`), 202, BulkUploadAccepted);
    expect(accepted.status, 'the declared hold keeps the job PENDING').toBe('PENDING');
    const held = expectStatus(await job(accepted.jobId), 200, BulkUploadJob);
    expect(held.status).toBe('PENDING');
    expectConsistentProgress(held);
    const since = await listener.mark();
    const started = expectStatus(await api.post('/sandbox/customers/bulk/jobs/{jobId}/process', { params: { jobId: accepted.jobId } }), 200, BulkUploadJob, 'the sandbox trigger starts the job');
    expectTransition('bulk-upload-job', accepted.status, started.status, 'PENDING', 'PROCESSING');
    expectConsistentProgress(started);
    const [event] = await expectEvents(accepted.jobId, [{ type: 'BULK_UPLOAD.COMPLETED', where: (d) => d.status === 'COMPLETED', what: 'the job, COMPLETED' }], { since });
    expectTransition('bulk-upload-job', started.status, event.data.status, 'PROCESSING', 'COMPLETED');
    expect(BulkUploadJob.parse(event.data).progress, 'Supplement 24: progress counts the one row').toEqual({ total: 1, processed: 1, successful: 1, failed: 0 });
    expect(await listed(row.platformCustomerId!), 'the row became a customer').toBe(1);
  });
});

describe('GET /customers/bulk/jobs/{jobId}', () => {
  scenario({ area: 'Customers', operation: 'GET /customers/bulk/jobs/{jobId}', section: 'Errors', basis: 'supplement' });

  it('answers 404 BULK_UPLOAD_JOB_NOT_FOUND for an unknown job', async () => {
    await basisSupplement('GET /customers/bulk/jobs/{jobId} 404 (BULK_UPLOAD_JOB_NOT_FOUND inferred, section 24); the code is the interface\'s (Errors / 404)');
    const accepted = expectStatus(await upload([person()]), 202, BulkUploadAccepted);
    expectStatus(await job(accepted.jobId), 200, BulkUploadJob, 'control: a known job is answered');
    expectError(await job(`Job:${randomUUID()}`), 404, 'BULK_UPLOAD_JOB_NOT_FOUND', 'Errors / 404: BULK_UPLOAD_JOB_NOT_FOUND');
  });
});
