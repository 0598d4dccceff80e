// UMA receiver lookups and quotes to UMA addresses (supplement sections 8, 18).
import { expectStatus } from '../expect.js';
import { api } from '../harness.js';
import type { z } from 'zod';
import { rng } from '../../fixtures/random.js';
import { UmaLookup } from '../schemas/uma.js';

/** The supplement's sandbox receiver that always succeeds (section 8): the control of every UMA refusal. */
export const SUCCESS_RECEIVER = (ccy: 'usd' | 'eur' | 'mxn' = 'usd') => `$success.${ccy}@sandbox.uma.money`;

/**
 * The sender a lookup names where its scenario names no customer: supplement 18 gives the lookups'
 * query as "`senderUmaAddress` or `customerId`", so every lookup carries one of them.
 */
export const SENDER_QUERY: Readonly<Record<string, string>> = { senderUmaAddress: '$conformance.sender@example.com' };

export const lookupUma = (address: string, query: Record<string, string> = { ...SENDER_QUERY }) =>
  api.get('/receiver/uma/{receiverUmaAddress}', { params: { receiverUmaAddress: address }, query });

/** A lookup that must succeed, asserted: 200, its shape, for the receiver asked about. */
export async function lookup(address: string, query: Record<string, string> = { ...SENDER_QUERY }) {
  const res = await lookupUma(address, query);
  const body = expectStatus(res, 200, UmaLookup, 'Supplement 18: GET /receiver/uma/{receiverUmaAddress} answers {lookupId, receiverUmaAddress, supportedCurrencies, requiredPayerDataFields?}');
  return body;
}

type Lookup = z.infer<typeof UmaLookup>;

/** A value for each payer data field a lookup asks for (supplement 18 names the fields, not their values' form). */
export function payerData(found: Lookup, omit: string[] = []): Record<string, string> {
  const f = rng();
  const sample: Record<string, string> = {
    FULL_NAME: `${f.person.firstName()} ${f.person.lastName()}`,
    BIRTH_DATE: '1980-05-17',
    NATIONALITY: 'US',
    PHONE_NUMBER: '+14155550123',
    EMAIL: f.internet.email().toLowerCase(),
    COUNTRY_OF_RESIDENCE: 'US',
    USER_TYPE: 'INDIVIDUAL',
    IDENTIFIER: `$payer.${f.string.alphanumeric(8).toLowerCase()}@sandbox.uma.money`,
  };
  return Object.fromEntries((found.requiredPayerDataFields ?? []).filter((p) => !omit.includes(p.name)).map((p) => [p.name, sample[p.name] ?? f.string.alphanumeric(12)]));
}

/**
 * A quote body paying `umaAddress` from an internal account, with the lookup's id (supplement 18:
 * required for UMA) and senderCustomerInfo carrying each field the lookup asked for.
 */
export const umaQuoteBody = (sourceAccountId: string, umaAddress: string, found: Lookup, amount = 1_000, extra: Record<string, unknown> = {}) => ({
  source: { sourceType: 'ACCOUNT', accountId: sourceAccountId },
  destination: { destinationType: 'UMA_ADDRESS', umaAddress },
  lockedCurrencySide: 'SENDING' as const,
  lockedCurrencyAmount: amount,
  lookupId: found.lookupId,
  senderCustomerInfo: payerData(found),
  ...extra,
});

/**
 * An UMA destination as a quote gives it (supplement 8: "lookupId? (required for UMA destinations)"):
 * the address, the id of a lookup of it made for `customerId`, and senderCustomerInfo with each field
 * the lookup asked for.
 */
export async function umaDestination(umaAddress: string, customerId: string) {
  const found = await lookup(umaAddress, { customerId });
  return { destination: { destinationType: 'UMA_ADDRESS', umaAddress }, lookupId: found.lookupId, senderCustomerInfo: payerData(found) };
}
