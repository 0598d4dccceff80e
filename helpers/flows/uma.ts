// UMA receiver lookups and quotes to UMA addresses (supplement sections 8, 18).
import { expectStatus } from '../expect.js';
import { api } from '../harness.js';
import { UmaLookup } from '../schemas/uma.js';

/** The supplement's sandbox receiver that always succeeds (section 8): the control of every UMA refusal. */
export const SUCCESS_RECEIVER = (ccy: 'usd' | 'eur' | 'mxn' = 'usd') => `$success.${ccy}@sandbox.uma.money`;

export const lookupUma = (address: string, query: Record<string, string> = {}) =>
  api.get('/receiver/uma/{receiverUmaAddress}', { params: { receiverUmaAddress: address }, query });

/** A lookup that must succeed, asserted: 200, its shape, for the receiver asked about. */
export async function lookup(address: string, query: Record<string, string> = {}) {
  const res = await lookupUma(address, query);
  const body = expectStatus(res, 200, UmaLookup, 'Supplement 18: GET /receiver/uma/{receiverUmaAddress} answers {lookupId, receiverUmaAddress, supportedCurrencies, requiredPayerDataFields?}');
  return body;
}

/** A quote body paying `umaAddress` from an internal account, with the lookup's id (supplement 18: required for UMA). */
export const umaQuoteBody = (sourceAccountId: string, umaAddress: string, lookupId: string, amount = 1_000, currency?: string) => ({
  source: { sourceType: 'ACCOUNT', accountId: sourceAccountId },
  destination: { destinationType: 'UMA_ADDRESS', umaAddress, ...(currency ? { currency } : {}) },
  lockedCurrencySide: 'SENDING' as const,
  lockedCurrencyAmount: amount,
  lookupId,
});
