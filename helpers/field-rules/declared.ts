// The field rules the suite declares, per operation: the denominator of the "field rules" part of
// the coverage report. Each operation's request spec (helpers/field-rules/<area>.ts) and list rules.
import { agentRules } from './agents.js';
import { customerRules } from './customers.js';
import { externalAccountCreate, externalAccountOwnershipRules } from './external-accounts.js';
import { LIST_RULES } from './lists.js';
import { cardRules } from './cards.js';
import { directoryRules } from './directories.js';
import { invitationRules } from './invitations.js';
import { quoteRules } from './quotes.js';
import { receiverRules } from './receiver.js';
import { ruleIds } from './rules.js';
import { scaRules } from './sca.js';
import { stablecoinRules } from './stablecoins.js';
import { tokenRules } from './tokens.js';
import { transactionRules } from './transactions.js';
import { walletRules } from './wallet.js';

export function declaredRules(): Record<string, string[]> {
  return {
    ...agentRules(),
    ...externalAccountOwnershipRules(),
    ...quoteRules(),
    ...cardRules(),
    ...invitationRules(),
    ...transactionRules(),
    ...directoryRules(),
    ...receiverRules(),
    'POST /customers/external-accounts': ruleIds(externalAccountCreate('POST /customers/external-accounts', true)),
    'POST /platform/external-accounts': ruleIds(externalAccountCreate('POST /platform/external-accounts', true)),
    'GET /customers/external-accounts': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('customerId'), LIST_RULES.filter('currency'), LIST_RULES.scope('customer')],
    'GET /platform/external-accounts': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('currency'), LIST_RULES.scope('platform')],
    ...tokenRules(),
    ...stablecoinRules(),
    ...scaRules(),
    ...walletRules(),
    ...customerRules(),
  };
}

/** The reason shown for a catalog operation whose documents give no request field. */
export const NO_REQUEST_DOCUMENTED = 'no request body or query documented';

/**
 * Why a catalog operation declares no field rule: its documents give no request field (a read or
 * delete by id, a call with no body: "—", "none", "no body" in the supplement's tables; path parameters
 * and signed-retry headers are no fields), or the request the documents give is not declared yet, and why.
 * Every catalog operation is either in declaredRules() or here (selftest/helpers/request-rules.test.ts).
 */
export function undeclaredReasons(): Record<string, string> {
  const none = [
    'GET /config',
    'GET /customers/{customerId}',
    'DELETE /customers/{customerId}',
    'GET /customers/end-user-terms',
    'GET /customers/bulk/jobs/{jobId}',
    'POST /customers/{customerId}/verify-email',
    'POST /customers/{customerId}/verify-phone',
    'GET /verifications/{verificationId}',
    'GET /beneficial-owners/{beneficialOwnerId}',
    'GET /documents/{documentId}',
    'DELETE /documents/{documentId}',
    'GET /customers/external-accounts/{externalAccountId}',
    'DELETE /customers/external-accounts/{externalAccountId}',
    'POST /customers/external-accounts/{externalAccountId}/trust',
    'POST /customers/external-accounts/{externalAccountId}/untrust',
    'GET /platform/external-accounts/{externalAccountId}',
    'DELETE /platform/external-accounts/{externalAccountId}',
    'GET /quotes/{quoteId}',
    'POST /quotes/{quoteId}/authorize/resend',
    'GET /transactions/{transactionId}',
    'POST /webhooks/test',
    'POST /sandbox/webhooks/test',
    'GET /invitations/{invitationCode}',
    'POST /invitations/{invitationCode}/cancel',
    'GET /tokens/{tokenId}',
    'DELETE /tokens/{tokenId}',
    'DELETE /auth/credentials/{credentialId}',
    'DELETE /auth/sessions/{sessionId}',
    'GET /auth/delegated-keys/{delegatedKeyId}',
    'DELETE /auth/delegated-keys/{delegatedKeyId}',
    'GET /agents/{agentId}',
    'DELETE /agents/{agentId}',
    'POST /agents/{agentId}/device-codes',
    'GET /agents/device-codes/{deviceCode}/status',
    'POST /agents/device-codes/{deviceCode}/redeem',
    'POST /agents/{agentId}/actions/{actionId}/approve',
    'GET /agents/me',
    'GET /agents/me/transactions/{transactionId}',
    'GET /agents/me/quotes/{quoteId}',
    'POST /agents/me/quotes/{quoteId}/execute',
    'GET /agents/me/actions/{actionId}',
    'GET /agents/me/external-accounts/{externalAccountId}',
    'DELETE /agents/me/external-accounts/{externalAccountId}',
    'GET /cards/{cardId}',
    'POST /cards/{cardId}/reveal',
    'GET /stablecoin-provider-accounts/{stablecoinProviderAccountId}',
    'GET /stablecoins/{stablecoinId}',
    'GET /stablecoin-operations/{stablecoinOperationId}',
  ];
  return {
    ...Object.fromEntries(none.map((op) => [op, NO_REQUEST_DOCUMENTED])),
    'POST /crypto/estimate-withdrawal-fee': 'its request (openapi.yaml, EstimateCryptoWithdrawalFeeRequest) is not declared as field rules yet; suites/cross-currency-transfers/withdrawal-fee.test.ts judges its required members',
  };
}
