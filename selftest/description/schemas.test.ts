// The validator on instances built from the description's schemas (./instances.ts): the instance is
// valid, and the same instance with one thing broken (a required member removed, an enum value
// replaced by one the schema does not list, a value of another type) is refused with the matching
// kind at the matching place. Also the interface's overrides (helpers/description/overrides.ts).
import { describe, expect, it } from 'vitest';
import { DescriptionValidator, type Mismatch } from '../../helpers/description/validator.js';
import { instanceOf } from './instances.js';

const validator = DescriptionValidator.load();
const built = (name: string) => structuredClone(instanceOf(validator.doc, { $ref: `#/components/schemas/${name}` })) as Record<string, any>;
const judge = (name: string, value: unknown) => validator.validateAt(`/components/schemas/${name}`, value, 'response');
const refusal = (path: string, kind: Mismatch['kind']) => expect.arrayContaining([expect.objectContaining({ path, kind })]);

describe.each([
  // schema, a required member, a member with an enum (or a discriminator's tag), a member of a type
  ['Quote', 'transactionId', 'status', 'expiresAt'],
  ['CustomerOneOf', 'platformCustomerId', 'customerType', 'umaAddress'],
  ['Error400', 'message', 'code', 'status'],
])('the description validator on %s', (name, required, enumerated, typed) => {
  it('accepts the instance built from the schema', () => {
    expect(judge(name, built(name))).toEqual([]);
  });

  it(`refuses it without ${required}: missing-required at /${required}`, () => {
    const x = built(name);
    delete x[required];
    expect(judge(name, x)).toEqual(refusal(`/${required}`, 'missing-required'));
  });

  it(`refuses a ${enumerated} the schema does not list: enum at /${enumerated}`, () => {
    const x = built(name);
    expect(x[enumerated]).toBeDefined();
    x[enumerated] = 'NOT_A_LISTED_VALUE';
    expect(judge(name, x)).toEqual(refusal(`/${enumerated}`, 'enum'));
  });

  it(`refuses a ${typed} of another type: type at /${typed}`, () => {
    const x = built(name);
    x[typed] = typeof x[typed] === 'string' ? 12 : 'twelve';
    expect(judge(name, x)).toEqual(refusal(`/${typed}`, 'type'));
  });
});

describe('the description validator on a webhook payload (CUSTOMER.KYC_APPROVED)', () => {
  const payload = () => built('CustomerWebhook');

  it('finds the webhook by the event type and accepts the instance built from its schema', () => {
    expect(payload().type).toBe('CUSTOMER.KYC_APPROVED');
    expect(validator.validateWebhook(payload())).toEqual([]);
  });

  it('refuses it without data, with an unlisted type, and with a timestamp that is no string', () => {
    const noData = payload();
    delete noData.data;
    expect(validator.validateWebhook(noData)).toEqual(refusal('/data', 'missing-required'));
    expect(validator.validateWebhook({ ...payload(), type: 'CUSTOMER.NOT_AN_EVENT' })).toEqual(refusal('/type', 'event-undescribed'));
    expect(validator.validateWebhook({ ...payload(), timestamp: 1760356800 })).toEqual(refusal('/timestamp', 'type'));
    expect(validator.validateWebhook({ ...payload(), timestamp: 'yesterday' })).toEqual(refusal('/timestamp', 'format'));
  });

  it('judges the customer in data by its customerType', () => {
    const x = payload();
    delete x.data.umaAddress;
    expect(validator.validateWebhook(x)).toEqual([expect.objectContaining({ operation: 'webhook customer-update', path: '/data/umaAddress', kind: 'missing-required' })]);
  });
});

describe("the interface's overrides of the description", () => {
  it('takes the TEST webhook as the envelope {test: true, timestamp, id, type: TEST} without data', () => {
    const envelope = { test: true, timestamp: '2025-10-13T12:00:00Z', id: 'Webhook:019542f5-b3e7-1d02-0000-000000000001', type: 'TEST' };
    expect(validator.validateWebhook(envelope)).toEqual([]);
    expect(validator.validateWebhook({ ...envelope, test: false })).toEqual(refusal('/test', 'const'));
  });

  it('answers POST /webhooks/test by the operation of /sandbox/webhooks/test', () => {
    expect(validator.findOperation('POST', '/webhooks/test')?.op).toBe(validator.findOperation('POST', '/sandbox/webhooks/test')?.op);
  });

  it('takes customerId null on an external account, and still refuses one of another type', () => {
    const account = built('ExternalAccount');
    expect(judge('ExternalAccount', { ...account, customerId: null })).toEqual([]);
    expect(judge('ExternalAccount', { ...account, customerId: 7 })).toEqual(refusal('/customerId', 'type'));
  });

  it('says which overrides it applied', () => {
    expect(validator.description.adjustments.filter((a) => !a.includes("its text names"))).toHaveLength(3);
  });
});
