// Beneficiary trust flows (supplement section 12): a customer of the target's SCA region with an
// external account, and the two-step trust / untrust requests with their confirmations.
import { expect } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectStatus } from '../expect.js';
import { api, capabilities } from '../harness.js';
import { ExternalAccount } from '../schemas/index.js';
import { TrustConfirmation, TrustRequestResult } from '../schemas/external-accounts.js';
export { outsideScaCustomer, scaRegionCustomer } from './strong-customer-authentication.js';

export const TRUST = '/customers/external-accounts/{externalAccountId}/trust';
export const TRUST_CONFIRM = '/customers/external-accounts/{externalAccountId}/trust/confirm';
export const UNTRUST = '/customers/external-accounts/{externalAccountId}/untrust';
export const UNTRUST_CONFIRM = '/customers/external-accounts/{externalAccountId}/untrust/confirm';
export const CUSTOMER_ACCOUNT = '/customers/external-accounts/{externalAccountId}';

export async function customerUsdAccount(customerId: string): Promise<ExternalAccount> {
  return expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount, 'creating a customer USD account');
}

/** POST .../trust or .../untrust (200 {scaChallenge?}), then its /confirm with `code`. */
export async function requestAndConfirm(action: 'trust' | 'untrust', externalAccountId: string, code = capabilities.sca!.code) {
  const started = expectStatus(await api.post(action === 'trust' ? TRUST : UNTRUST, { params: { externalAccountId } }), 200, TrustRequestResult, `supplement 12: POST .../${action} answers 200 {scaChallenge?}`);
  const body = started.scaChallenge ? { challengeId: started.scaChallenge.id, code } : { code };
  const res = await api.post(action === 'trust' ? TRUST_CONFIRM : UNTRUST_CONFIRM, { params: { externalAccountId }, body });
  const confirmed = expectStatus(res, 200, TrustConfirmation, `supplement 12: POST .../${action}/confirm answers 200 {trusted}`);
  expect(confirmed.trusted, `supplement 12: ${action}/confirm answers {trusted: ${action === 'trust'}}`).toBe(action === 'trust');
  return confirmed;
}
