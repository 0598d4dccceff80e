// UMA receiver lookups and quotes to UMA addresses (supplement sections 8, 18).
import { expect } from 'vitest';
import { expectStatus } from '../expect.js';
import { api, target } from '../harness.js';
import { individual } from '../../fixtures/customers.js';
import { createCustomer } from './customers.js';
import type { z } from 'zod';
import { rng } from '../../fixtures/random.js';
import { UmaLookup } from '../schemas/uma.js';

/** The supplement's sandbox receiver that always succeeds (section 8): the control of every UMA refusal. */
export const SUCCESS_RECEIVER = (ccy: 'usd' | 'eur' | 'mxn' = 'usd') => `$success.${ccy}@sandbox.uma.money`;

/** Each run's sender (one per target: a run may hold several). */
const senders = new Map<string, Promise<string>>();

/**
 * The sender a lookup names where its scenario names no customer: supplement 18 gives the lookups'
 * query as "`senderUmaAddress` or `customerId`", so every lookup carries one of them, and the
 * description makes senderUmaAddress the "UMA address of the sender": a customer the run created, by
 * the address the target gave it, not one the suite makes up.
 */
export async function senderQuery(): Promise<Record<string, string>> {
  let address = senders.get(target.runId);
  if (!address) {
    address = createCustomer(individual()).then(({ umaAddress }) => {
      expect(typeof umaAddress, 'Supplement 4: a customer carries its umaAddress (always)').toBe('string');
      return umaAddress as string;
    });
    senders.set(target.runId, address);
  }
  return { senderUmaAddress: await address };
}

export const lookupUma = async (address: string, query?: Record<string, string>) =>
  api.get('/receiver/uma/{receiverUmaAddress}', { params: { receiverUmaAddress: address }, query: query ?? (await senderQuery()) });

/** A lookup that must succeed, asserted: 200, its shape, for the receiver asked about. */
export async function lookup(address: string, query?: Record<string, string>) {
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
