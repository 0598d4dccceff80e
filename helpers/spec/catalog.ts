// The whole interface as data: the interface document (../shared/spec/interface.md) and every
// section of its supplement (../shared/spec/supplement.md, sections 1 to 28). Every entry cites its
// section ("interface: Errors / 409", "supplement §16") and belongs to exactly one of the
// interface's 23 functional areas. It is the denominator of coverage and the reference of the
// error-code assertions, so it must never be smaller than the documents (selftest/helpers/catalog.test.ts
// compares it with them).
// Coverage ids follow DESIGN.md: error:<status>:<CODE>, transition:<machine>:<FROM>-><TO>,
// event:<TYPE>, op:<METHOD> <path template>, response:<METHOD> <path template> <status> (the
// statuses the description documents per operation, ./responses.ts).
import { describedOperations, notExercisableReason } from './responses.js';

export const INTERFACE_VERSION = '2025-10-13';

export type Section = string;

/** The interface's functional areas, in the order of its table "Functional areas". */
export const AREAS = [
  'Platform Configuration',
  'Customers',
  'Contact Verification',
  'Strong Customer Authentication',
  'KYC/KYB Verifications',
  'Documents',
  'Internal Accounts',
  'External Accounts',
  'VASPs',
  'Same-Currency Transfers',
  'Cross-Currency Transfers',
  'Transactions',
  'Webhooks',
  'Invitations',
  'Sandbox',
  'API Tokens',
  'Exchange Rates',
  'Discoveries',
  'Embedded Wallet Auth',
  'Agent Management',
  'Agent Operations',
  'Cards',
  'Stablecoins',
] as const;

export type Area = (typeof AREAS)[number];

export const isArea = (name: string): name is Area => (AREAS as readonly string[]).includes(name);

/**
 * Interface sections that cut across areas, and the area their codes belong to in this catalog
 * (rejected platform credentials, 401 UNAUTHORIZED, are the platform's own: Platform Configuration;
 * delivery rules are the Webhooks area's). A scenario filed under such a section is shown in that area.
 */
export const CROSS_CUTTING_SECTIONS: Record<string, Area> = {
  Authentication: 'Platform Configuration',
  Events: 'Webhooks',
};

/** The area a scenario declared as `area` belongs to: the area itself, or the area of a cross-cutting section. */
export function areaNamed(name: string): Area | undefined {
  return isArea(name) ? name : CROSS_CUTTING_SECTIONS[name];
}

// ---------------------------------------------------------------------------------------------
// Operations

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface OperationEntry {
  method: Method;
  path: string;
  area: Area;
  section: Section;
  note?: string;
}

const NAMED = 'interface: Endpoints / Other operations that are named';

/** `[method and path, section]` per area; path parameters are `<resource>Id` in camelCase. */
const OPERATIONS_BY_AREA: Record<Area, readonly (readonly [string, Section, string?])[]> = {
  'Platform Configuration': [
    ['GET /config', 'supplement §2'],
    ['PATCH /config', `${NAMED}; supplement §2`],
  ],
  Customers: [
    ['POST /customers', `${NAMED}; supplement §4`],
    ['GET /customers', 'supplement §4, §15'],
    ['GET /customers/{customerId}', 'supplement §4'],
    ['PATCH /customers/{customerId}', `${NAMED}; supplement §4, §17`],
    ['DELETE /customers/{customerId}', 'supplement §4, §15'],
    ['GET /customers/end-user-terms', `${NAMED}; supplement §4`],
    ['POST /customers/{customerId}/kyc-link', 'supplement §4, §14'],
    ['POST /customers/bulk/csv', 'supplement §24'],
    ['GET /customers/bulk/jobs/{jobId}', 'supplement §24'],
  ],
  'Contact Verification': [
    ['POST /customers/{customerId}/verify-email', 'supplement §10'],
    ['POST /customers/{customerId}/verify-email/confirm', 'supplement §10'],
    ['POST /customers/{customerId}/verify-phone', 'supplement §10'],
    ['POST /customers/{customerId}/verify-phone/confirm', 'supplement §10'],
  ],
  'Strong Customer Authentication': [
    ['GET /sca/factors', 'supplement §10, §16'],
    ['POST /sca/factors', 'supplement §10, §16'],
    ['POST /sca/factors/confirm', 'supplement §10, §16'],
    ['DELETE /sca/factors/{credentialId}', 'supplement §10, §16'],
    ['POST /sca/login/start', 'supplement §10, §16'],
    ['POST /sca/login/complete', `${NAMED}; supplement §10, §16`],
    ['POST /sca/record-event', 'supplement §10, §16'],
    ['POST /sca/factors/reset', 'supplement §10, §16'],
    ['GET /sca/factors/reset/{resetId}', 'supplement §10, §16'],
    ['POST /sca/factors/reset/{resetId}/complete', 'supplement §10, §16'],
  ],
  'KYC/KYB Verifications': [
    ['POST /verifications', `${NAMED}; supplement §5`],
    ['GET /verifications', 'supplement §5, §14'],
    ['GET /verifications/{verificationId}', 'supplement §5, §14'],
    ['POST /beneficial-owners', 'supplement §5'],
    ['GET /beneficial-owners', 'supplement §5, §14'],
    ['GET /beneficial-owners/{beneficialOwnerId}', 'supplement §5'],
    ['PATCH /beneficial-owners/{beneficialOwnerId}', 'supplement §5, §14'],
  ],
  Documents: [
    ['POST /documents', 'supplement §5, §14'],
    ['GET /documents', 'supplement §14'],
    ['GET /documents/{documentId}', 'supplement §5, §14'],
    ['PUT /documents/{documentId}', 'supplement §5, §14'],
    ['DELETE /documents/{documentId}', 'supplement §5, §14'],
  ],
  'Internal Accounts': [
    ['GET /customers/internal-accounts', 'supplement §6'],
    ['GET /platform/internal-accounts', 'supplement §6'],
  ],
  'External Accounts': [
    ['POST /customers/external-accounts', 'supplement §7'],
    ['GET /customers/external-accounts', 'supplement §7'],
    ['GET /customers/external-accounts/{externalAccountId}', 'supplement §7'],
    ['DELETE /customers/external-accounts/{externalAccountId}', 'supplement §7, §12'],
    ['POST /customers/external-accounts/{externalAccountId}/challenge', `${NAMED} (path ending external-accounts/{externalAccountId}/challenge); supplement §7`],
    ['POST /customers/external-accounts/{externalAccountId}/verify', 'supplement §7 (the verify operation, customer variant)'],
    ['POST /customers/external-accounts/{externalAccountId}/trust', 'supplement §7, §12'],
    ['POST /customers/external-accounts/{externalAccountId}/trust/confirm', 'supplement §7, §12'],
    ['POST /customers/external-accounts/{externalAccountId}/untrust', `${NAMED}; supplement §12`],
    ['POST /customers/external-accounts/{externalAccountId}/untrust/confirm', `${NAMED}; supplement §12`],
    ['POST /platform/external-accounts', 'supplement §7'],
    ['GET /platform/external-accounts', 'supplement §7'],
    ['GET /platform/external-accounts/{externalAccountId}', 'supplement §7'],
    ['DELETE /platform/external-accounts/{externalAccountId}', 'supplement §7'],
    ['POST /platform/external-accounts/{externalAccountId}/challenge', `${NAMED} (path ending external-accounts/{externalAccountId}/challenge); supplement §7`],
    ['POST /platform/external-accounts/{externalAccountId}/verify', 'interface: Endpoints / Verify ownership with a wallet signature'],
  ],
  VASPs: [['GET /vasps', 'supplement §11, §21']],
  'Same-Currency Transfers': [
    ['POST /transfer-in', `${NAMED}; supplement §8`],
    ['POST /transfer-out', `${NAMED}; supplement §8`],
  ],
  'Cross-Currency Transfers': [
    ['POST /quotes', `${NAMED}; supplement §8`],
    ['GET /quotes/{quoteId}', 'supplement §8'],
    ['POST /quotes/{quoteId}/execute', 'supplement §8'],
    ['POST /quotes/{quoteId}/authorize', 'supplement §8, §16'],
    ['POST /quotes/{quoteId}/authorize/resend', 'supplement §8, §16'],
    ['GET /receiver/uma/{receiverUmaAddress}', 'supplement §11, §18'],
    ['GET /receiver/external-account/{externalAccountId}', 'supplement §11, §18'],
    ['POST /crypto/estimate-withdrawal-fee', 'openapi.yaml, estimateCryptoWithdrawalFee'],
  ],
  Transactions: [
    ['GET /transactions', 'supplement §8'],
    ['GET /transactions/{transactionId}', 'supplement §8'],
    ['POST /transactions/{transactionId}/approve', `${NAMED}; supplement §8, §13`],
    ['POST /transactions/{transactionId}/reject', 'supplement §8, §13'],
    ['POST /transactions/{transactionId}/cancel', 'supplement §8, §13'],
    ['POST /transactions/{transactionId}/confirm', 'supplement §8, §13'],
  ],
  Webhooks: [
    ['POST /webhooks/test', `${NAMED}; supplement §3`],
    ['POST /sandbox/webhooks/test', 'supplement §3 (the real path of the test webhook), §26'],
  ],
  Invitations: [
    ['POST /invitations', 'supplement §11, §19'],
    ['GET /invitations/{invitationCode}', 'supplement §11, §19', 'the invitation is identified by its code'],
    ['POST /invitations/{invitationCode}/claim', 'supplement §11, §19', 'the invitation is identified by its code'],
    ['POST /invitations/{invitationCode}/cancel', 'supplement §11, §19', 'the invitation is identified by its code'],
  ],
  Sandbox: [
    ['POST /sandbox/internal-accounts/{accountId}/fund', 'supplement §6'],
    ['POST /sandbox/send', 'supplement §8, §13'],
    ['POST /sandbox/uma/receive', 'supplement §8, §13'],
    ...['authorization', 'credit_authorization', 'financial_authorization', 'financial_credit_authorization', 'credit_authorization_advice', 'balance_inquiry', 'clearing', 'authorization_advice', 'return', 'return_reversal'].map(
      (name) => [`POST /sandbox/cards/{cardId}/simulate/${name}`, 'supplement §9 (simulate); interface: Versioning 2 ("ten sandbox simulate endpoints")'] as const,
    ),
  ],
  'API Tokens': [
    ['POST /tokens', 'supplement §11, §20'],
    ['GET /tokens', 'supplement §11, §20'],
    ['GET /tokens/{tokenId}', 'supplement §11, §20'],
    ['DELETE /tokens/{tokenId}', 'supplement §11, §20'],
  ],
  'Exchange Rates': [['GET /exchange-rates', 'supplement §11']],
  Discoveries: [
    ['GET /discoveries', 'supplement §11, §21'],
    ['GET /uma-providers', 'supplement §18'],
  ],
  'Embedded Wallet Auth': [
    // Signed-retry operations on an embedded wallet's account: supplement §17 lists them under wallet auth.
    ['PATCH /internal-accounts/{internalAccountId}', 'supplement §17 (signed retry)'],
    ['POST /internal-accounts/{internalAccountId}/export', 'supplement §17 (signed retry)'],
    ['POST /auth/credentials', 'supplement §17'],
    ['GET /auth/credentials', 'supplement §17'],
    ['DELETE /auth/credentials/{credentialId}', 'supplement §17'],
    ['POST /auth/credentials/{credentialId}/challenge', 'supplement §17'],
    ['POST /auth/credentials/{credentialId}/verify', 'supplement §17'],
    ['GET /auth/sessions', 'supplement §17'],
    ['DELETE /auth/sessions/{sessionId}', 'supplement §17'],
    ['POST /auth/sessions/{sessionId}/refresh', 'supplement §17'],
    ['POST /auth/delegated-keys', 'supplement §17'],
    ['GET /auth/delegated-keys', 'supplement §17'],
    ['GET /auth/delegated-keys/{delegatedKeyId}', 'supplement §17'],
    ['DELETE /auth/delegated-keys/{delegatedKeyId}', 'supplement §17'],
  ],
  'Agent Management': [
    ['POST /agents', 'supplement §11, §23'],
    ['GET /agents', 'supplement §23'],
    ['GET /agents/{agentId}', 'supplement §11, §23'],
    ['PATCH /agents/{agentId}', 'supplement §23'],
    ['DELETE /agents/{agentId}', 'supplement §23'],
    ['PATCH /agents/{agentId}/policy', 'supplement §11, §23'],
    ['POST /agents/{agentId}/device-codes', 'supplement §11, §23'],
    ['GET /agents/device-codes/{deviceCode}/status', 'supplement §11, §23', 'the device code is its own identifier'],
    ['POST /agents/device-codes/{deviceCode}/redeem', 'supplement §11, §23', 'the device code is its own identifier; no authentication'],
    ['GET /agents/approvals', 'supplement §11, §23'],
    ['POST /agents/{agentId}/actions/{actionId}/approve', 'supplement §11, §23'],
    ['POST /agents/{agentId}/actions/{actionId}/reject', 'supplement §11, §23'],
  ],
  'Agent Operations': [
    ['GET /agents/me', 'supplement §23'],
    ['GET /agents/me/transactions', 'supplement §23'],
    ['GET /agents/me/transactions/{transactionId}', 'supplement §23'],
    ['POST /agents/me/quotes', 'supplement §23'],
    ['GET /agents/me/quotes/{quoteId}', 'supplement §23'],
    ['POST /agents/me/quotes/{quoteId}/execute', 'supplement §23'],
    ['POST /agents/me/transfer-in', 'supplement §23'],
    ['POST /agents/me/transfer-out', 'supplement §23'],
    ['GET /agents/me/actions', 'supplement §23'],
    ['GET /agents/me/actions/{actionId}', 'supplement §23'],
    ['GET /agents/me/internal-accounts', 'supplement §23'],
    ['GET /agents/me/external-accounts', 'supplement §23'],
    ['POST /agents/me/external-accounts', 'supplement §23'],
    ['GET /agents/me/external-accounts/{externalAccountId}', 'supplement §23'],
    ['DELETE /agents/me/external-accounts/{externalAccountId}', 'supplement §23'],
  ],
  Cards: [
    ['POST /cards', 'supplement §9'],
    ['GET /cards', 'supplement §9'],
    ['GET /cards/{cardId}', 'supplement §9'],
    ['PATCH /cards/{cardId}', 'interface: States and transitions / Card `state`; supplement §9'],
    ['POST /cards/{cardId}/reveal', 'supplement §9, §25'],
  ],
  Stablecoins: [
    ['POST /stablecoin-provider-accounts', 'supplement §22'],
    ['GET /stablecoin-provider-accounts', 'supplement §22'],
    ['GET /stablecoin-provider-accounts/{stablecoinProviderAccountId}', 'supplement §22'],
    ['POST /stablecoins', `${NAMED}; supplement §22`],
    ['GET /stablecoins', 'supplement §22'],
    ['GET /stablecoins/{stablecoinId}', 'supplement §22'],
    ['POST /stablecoins/{stablecoinId}/mints', `${NAMED}; supplement §22`],
    ['POST /stablecoins/{stablecoinId}/burns', `${NAMED}; supplement §22`],
    ['GET /stablecoins/{stablecoinId}/operations', `${NAMED}; supplement §22`],
    ['GET /stablecoin-operations/{stablecoinOperationId}', 'supplement §22'],
  ],
};

export const OPERATIONS: readonly OperationEntry[] = AREAS.flatMap((area) =>
  OPERATIONS_BY_AREA[area].map(([op, section, note]) => {
    const [method, path] = op.split(' ') as [Method, string];
    return { method, path, area, section, ...(note ? { note } : {}) };
  }),
);

/**
 * Triggers a target may offer beyond the documents (this project's sandbox documents its own in
 * sandbox/README.md). They are not interface operations: coverage does not count them, and a
 * scenario that needs one declares the capability.
 */
export const TARGET_OWN_TRIGGERS: readonly { method: Method; path: string; purpose: string }[] = [
  { method: 'POST', path: '/sandbox/internal-accounts/{accountId}/freeze', purpose: 'ACTIVE -> FROZEN (a compliance hold)' },
  { method: 'POST', path: '/sandbox/internal-accounts/{accountId}/fail', purpose: '-> FAILED (a failed provisioning)' },
  { method: 'POST', path: '/sandbox/external-accounts/{externalAccountId}/liveness', purpose: 'the outcome of a LIVENESS check' },
  { method: 'POST', path: '/sandbox/internal-accounts/{accountId}/activate', purpose: 'PENDING -> ACTIVE of a held provisioning' },
  { method: 'POST', path: '/sandbox/internal-accounts/{accountId}/close', purpose: 'ACTIVE -> CLOSED (customer-initiated)' },
  { method: 'POST', path: '/sandbox/internal-accounts/{accountId}/funding-instructions', purpose: 'fundingPaymentInstructions change (supplement §26)' },
  { method: 'POST', path: '/sandbox/verifications/{verificationId}/review', purpose: 'the outcome of a manual review' },
  { method: 'POST', path: '/sandbox/customers/bulk/jobs/{jobId}/process', purpose: 'lets a held bulk upload job proceed' },
  { method: 'POST', path: '/sandbox/sca/factors/reset/{resetId}/liveness', purpose: "the liveness review of a 2FA reset (supplement §16 leaves how it passes to the provider)" },
  { method: 'POST', path: '/sandbox/quotes/{quoteId}/server-error', purpose: "arms a quote's next execute to answer 500 (interface: Errors / 500)" },
  { method: 'POST', path: '/sandbox/webhooks/verify-signature', purpose: 'checks an X-Svc-Signature over a payload (interface: Authentication 5, INVALID_SIGNATURE)' },
  { method: 'POST', path: '/sandbox/stablecoin-provider-accounts/{stablecoinProviderAccountId}/status', purpose: 'a provider account link becomes INVALID, REVOKED or ACTIVE' },
  { method: 'POST', path: '/sandbox/stablecoin-provider-accounts/{stablecoinProviderAccountId}/outage', purpose: "the link's provider stops answering (mints and burns: 503) or answers again" },
  { method: 'POST', path: '/sandbox/stablecoin-operations/{stablecoinOperationId}/advance', purpose: 'funds arrive or the provider takes the operation up (-> PROCESSING); it settles (COMPLETED | FAILED)' },
  { method: 'POST', path: '/sandbox/stablecoin-operations/{stablecoinOperationId}/expire', purpose: 'a PENDING_FUNDING operation reaches expiresAt' },
  { method: 'POST', path: '/sandbox/invitations/configuration', purpose: 'whether invitations are configured for the platform (INVITATIONS_NOT_CONFIGURED)' },
  { method: 'POST', path: '/sandbox/config/webhook-endpoint/unset', purpose: 'the platform without a webhookEndpoint (WEBHOOK_ENDPOINT_NOT_SET; no described request unsets it)' },
  { method: 'POST', path: '/sandbox/customers/{customerId}/embedded-wallet', purpose: 'an EMBEDDED_WALLET account with its first EMAIL_OTP credential (supplement §6, §17 name no way to create one)' },
];

// ---------------------------------------------------------------------------------------------
// Errors

export interface ErrorEntry {
  status: number;
  code: string;
  area: Area;
  section: Section;
  note?: string;
  /**
   * Why no request can cause this code, where none can: the documents tie it to no operation and no
   * condition. Such a code is an answer the catalog knows (codesForStatus holds it) but not a
   * coverage id: no scenario can exercise it, so coverage neither counts nor claims it.
   */
  notExercisable?: string;
}

/** The interface's lists, per status (interface: Errors / <status>), with the area each code belongs to. */
const INTERFACE_ERRORS: Record<number, Record<string, Area>> = {
  400: {
    INVALID_INPUT: 'Customers',
    END_USER_TERMS_VERSION_NOT_FOUND: 'Customers',
    MISSING_MANDATORY_USER_INFO: 'Customers',
    INVITATION_ALREADY_CLAIMED: 'Invitations',
    INVITATIONS_NOT_CONFIGURED: 'Invitations',
    INVALID_UMA_ADDRESS: 'Cross-Currency Transfers',
    INVITATION_CANCELLED: 'Invitations',
    QUOTE_REQUEST_FAILED: 'Cross-Currency Transfers',
    INVALID_PAYREQ_RESPONSE: 'Cross-Currency Transfers',
    INVALID_RECEIVER: 'Cross-Currency Transfers',
    PARSE_PAYREQ_RESPONSE_ERROR: 'Cross-Currency Transfers',
    CERT_CHAIN_INVALID: 'Cross-Currency Transfers',
    CERT_CHAIN_EXPIRED: 'Cross-Currency Transfers',
    INVALID_PUBKEY_FORMAT: 'Cross-Currency Transfers',
    MISSING_REQUIRED_UMA_PARAMETERS: 'Cross-Currency Transfers',
    SENDER_NOT_ACCEPTED: 'Cross-Currency Transfers',
    AMOUNT_OUT_OF_RANGE: 'Cross-Currency Transfers',
    INVALID_CURRENCY: 'Cross-Currency Transfers',
    INVALID_TIMESTAMP: 'Cross-Currency Transfers',
    INVALID_NONCE: 'Cross-Currency Transfers',
    INVALID_REQUEST_FORMAT: 'Cross-Currency Transfers',
    INVALID_BANK_ACCOUNT: 'External Accounts',
    SELF_PAYMENT: 'Cross-Currency Transfers',
    LOOKUP_REQUEST_FAILED: 'Cross-Currency Transfers',
    PARSE_LNURLP_RESPONSE_ERROR: 'Cross-Currency Transfers',
    INVALID_AMOUNT: 'Cross-Currency Transfers',
    WEBHOOK_ENDPOINT_NOT_SET: 'Webhooks',
    WEBHOOK_DELIVERY_ERROR: 'Webhooks',
    LOW_QUALITY: 'Documents',
    DATA_MISMATCH: 'Documents',
    EXPIRED: 'Documents',
    SUSPECTED_FRAUD: 'Documents',
    UNSUITABLE_DOCUMENT: 'Documents',
    INCOMPLETE: 'Documents',
    EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'Embedded Wallet Auth',
    SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 'Embedded Wallet Auth',
    PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'Embedded Wallet Auth',
    STABLECOIN_PROVIDER_ACCOUNT_INVALID: 'Stablecoins',
    STABLECOIN_PROVIDER_ACCOUNT_REVOKED: 'Stablecoins',
    STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED: 'Stablecoins',
    CARDHOLDER_KYC_NOT_APPROVED: 'Cards',
    TRANSACTION_SIZE_LIMIT_EXCEEDED: 'Cross-Currency Transfers',
    EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED: 'External Accounts',
  },
  401: {
    UNAUTHORIZED: 'Platform Configuration',
    INVALID_SIGNATURE: 'Webhooks',
    WALLET_SIGNATURE_MISSING: 'Embedded Wallet Auth',
    WALLET_SIGNATURE_MALFORMED: 'Embedded Wallet Auth',
    WALLET_SIGNATURE_BODY_MISMATCH: 'Embedded Wallet Auth',
    WALLET_SIGNATURE_INVALID: 'Embedded Wallet Auth',
    REQUEST_ID_MISSING: 'Embedded Wallet Auth',
  },
  404: {
    TRANSACTION_NOT_FOUND: 'Transactions',
    INVITATION_NOT_FOUND: 'Invitations',
    USER_NOT_FOUND: 'Customers',
    QUOTE_NOT_FOUND: 'Cross-Currency Transfers',
    LOOKUP_REQUEST_NOT_FOUND: 'Cross-Currency Transfers',
    TOKEN_NOT_FOUND: 'API Tokens',
    BULK_UPLOAD_JOB_NOT_FOUND: 'Customers',
    REFERENCE_NOT_FOUND: 'External Accounts',
    UMA_NOT_FOUND: 'Cross-Currency Transfers',
    STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: 'Stablecoins',
  },
  409: {
    TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: 'Transactions',
    TRANSACTION_NOT_CANCELLABLE: 'Transactions',
    UMA_ADDRESS_EXISTS: 'Customers',
    EMAIL_OTP_EMAIL_ALREADY_EXISTS: 'Embedded Wallet Auth',
    EMAIL_OTP_CREDENTIAL_SET_CHANGED: 'Embedded Wallet Auth',
    PASSKEY_ALREADY_ENROLLED: 'Strong Customer Authentication',
    SCA_SESSION_REQUIRED: 'Strong Customer Authentication',
    BENEFICIARY_TRUSTED: 'External Accounts',
    INVALID_STATE_TRANSITION: 'Cards',
    CARD_ALREADY_CLOSED: 'Cards',
    CARD_NOT_MUTABLE: 'Cards',
    CONFLICT: 'Customers',
  },
  500: {
    SVC_SWITCH_ERROR: 'Cross-Currency Transfers',
    INTERNAL_ERROR: 'Cross-Currency Transfers',
  },
};

export const ERRORS: readonly ErrorEntry[] = [
  ...Object.entries(INTERFACE_ERRORS).flatMap(([status, codes]) =>
    Object.entries(codes).map(([code, area]) => ({ status: Number(status), code, area, section: `interface: Errors / ${status}` })),
  ),
  { status: 423, code: 'ACCOUNT_LOCKED', area: 'Strong Customer Authentication', section: 'interface: Errors / Other codes named; supplement §1, §16' },
  { status: 429, code: 'DAILY_VOLUME_LIMIT_EXCEEDED', area: 'Cross-Currency Transfers', section: 'interface: Errors / Other codes named; interface: Limits; supplement §1, §8' },
  {
    status: 403,
    code: 'END_USER_TERMS_NOT_ACCEPTED',
    area: 'Cross-Currency Transfers',
    section: 'interface: Errors / Other codes named; supplement §1, §8',
    note: 'The interface leaves its HTTP status unshown; 403 is the supplement\'s (section 1).',
  },
  // The supplement's additions (section 1 table "Codes beyond the seed").
  { status: 403, code: 'FORBIDDEN', area: 'API Tokens', section: 'supplement §1, §20', note: 'a token without the permission an operation needs (quote create/execute need TRANSACT)' },
  { status: 403, code: 'USER_NOT_READY', area: 'Customers', section: 'supplement §1', note: 'tied to no operation (supplement §28.3)' },
  { status: 403, code: 'COUNTERPARTY_NOT_ALLOWED', area: 'Cross-Currency Transfers', section: 'supplement §1' },
  { status: 403, code: 'VELOCITY_LIMIT_EXCEEDED', area: 'Cross-Currency Transfers', section: 'supplement §1' },
  { status: 405, code: 'METHOD_NOT_ALLOWED', area: 'Customers', section: 'supplement §1, §15' },
  { status: 410, code: 'CUSTOMER_DELETED', area: 'Customers', section: 'supplement §1, §4, §15' },
  { status: 429, code: 'RATE_LIMITED', area: 'Strong Customer Authentication', section: 'supplement §1, §16, §17' },
  { status: 501, code: 'NOT_IMPLEMENTED', area: 'Platform Configuration', section: 'supplement §1, §2' },
  { status: 503, code: 'SERVICE_UNAVAILABLE', area: 'Stablecoins', section: 'supplement §1, §22' },
  {
    status: 400,
    code: 'FUNDING_SOURCE_INELIGIBLE',
    area: 'Cards',
    section: 'openapi.yaml, createCard 400; supplement §25, §9',
    note: "POST /cards's 400 names it (a funding source not the cardholder's or not in a card-eligible currency), though Error400's code enum and the interface's 400 list omit it",
  },
  {
    status: 501,
    code: 'UNRECOGNIZED_MANDATORY_PAYEE_DATA_KEY',
    area: 'Cross-Currency Transfers',
    section: 'openapi.yaml, Error501',
    notExercisable: "Error501's code enum names it (\"Unrecognized mandatory payee data key\"), but no operation of the description, the interface or the supplement answers it, and no request names payee data keys",
  },
  // UMA counterparty failures (supplement §1 "412/424", §18; the operation each belongs to is inferred there).
  { status: 412, code: 'UNSUPPORTED_UMA_VERSION', area: 'Cross-Currency Transfers', section: 'supplement §18' },
  { status: 424, code: 'LNURLP_REQUEST_FAILED', area: 'Cross-Currency Transfers', section: 'supplement §18' },
  { status: 424, code: 'PAYREQ_REQUEST_FAILED', area: 'Cross-Currency Transfers', section: 'supplement §18' },
  { status: 424, code: 'COUNTERPARTY_PUBKEY_FETCH_ERROR', area: 'Cross-Currency Transfers', section: 'supplement §18' },
  { status: 424, code: 'NO_COMPATIBLE_UMA_VERSION', area: 'Cross-Currency Transfers', section: 'supplement §18' },
  { status: 424, code: 'EMAIL_OTP_CREDENTIAL_SYNC_FAILED', area: 'Embedded Wallet Auth', section: 'supplement §17' },
];

/** codesForStatus's answers, per status (every error answer a scenario judges asks). */
const codesByStatus = new Map<number, readonly string[] | undefined>();

/**
 * Every code the catalog holds for an HTTP status (the interface's "code (string, enumerated per
 * status below)" with the supplement's additions), or undefined when it holds none.
 */
export function codesForStatus(status: number): readonly string[] | undefined {
  if (!codesByStatus.has(status)) {
    const codes = ERRORS.filter((e) => e.status === status).map((e) => e.code);
    codesByStatus.set(status, codes.length ? [...new Set(codes)] : undefined);
  }
  return codesByStatus.get(status);
}

/** Codes the supplement adds beyond the interface's lists, per status (supplement §1, §17, §18, §25). */
export const SUPPLEMENT_CODES: Record<number, readonly string[]> = ERRORS.filter((e) => e.section.startsWith('supplement')).reduce<Record<number, string[]>>(
  (acc, e) => ({ ...acc, [e.status]: [...(acc[e.status] ?? []), e.code] }),
  { 403: ['END_USER_TERMS_NOT_ACCEPTED'] },
);

// ---------------------------------------------------------------------------------------------
// State machines

/** State machines, named after their resource in kebab-case (DESIGN, "Spec traceability"). */
export type Machine =
  | 'external-account'
  | 'internal-account'
  | 'card'
  | 'transaction'
  | 'incoming-transaction'
  | 'refund'
  | 'quote'
  | 'customer-kyc'
  | 'customer-kyb'
  | 'verification'
  | 'invitation'
  | 'agent-action'
  | 'stablecoin-operation'
  | 'bulk-upload-job'
  | 'delegated-key'
  | 'sca-factor-reset'
  | 'card-transaction';

export interface TransitionEntry {
  from: string;
  to: string;
  /** What moves the resource (allowed), or the answer a refused request gets (refused). */
  trigger: string;
  section: Section;
  /** Read from the shape of the documents rather than stated by them (the supplement's *(inferred)*). */
  inferred?: boolean;
}

export interface MachineEntry {
  machine: Machine;
  area: Area;
  section: Section;
  states: readonly string[];
  allowed: readonly TransitionEntry[];
  /** Transitions the documents name as refused, with the answer they give. */
  forbidden: readonly TransitionEntry[];
  note?: string;
}

const t = (from: string, to: string, trigger: string, section: Section, inferred?: boolean): TransitionEntry => ({ from, to, trigger, section, ...(inferred ? { inferred } : {}) });

const EA = 'interface: States and transitions / External account `status`';
const CARD = 'interface: States and transitions / Card `state`';

export const MACHINES: readonly MachineEntry[] = [
  {
    machine: 'external-account',
    area: 'External Accounts',
    section: `${EA}; supplement §7`,
    states: ['PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE'],
    allowed: [
      t('PENDING_OWNERSHIP_VERIFICATION', 'ACTIVE', 'POST .../verify with a valid signature before expiresAt, or a passed LIVENESS check', EA),
      t('PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'POST .../verify with an invalid or expired signature, or a failed LIVENESS attempt', EA),
      t('UNVERIFIED', 'PENDING_OWNERSHIP_VERIFICATION', 'a new challenge (POST .../challenge) abandons the one in flight', 'supplement §7 (Ownership verification: New challenge)'),
    ],
    forbidden: [
      t('UNVERIFIED', 'ACTIVE', '409 and no state change: verify with no WALLET_SIGNATURE challenge outstanding', `${EA} ("When verify is called and no WALLET_SIGNATURE challenge is outstanding")`),
      t('ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', '409: a challenge on an account already verified', 'supplement §7 (Ownership verification: Eligible)'),
    ],
  },
  {
    machine: 'internal-account',
    area: 'Internal Accounts',
    section: 'interface: States and transitions / Internal account `status`; supplement §6',
    states: ['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED'],
    allowed: [
      t('PENDING', 'ACTIVE', 'status change (INTERNAL_ACCOUNT.STATUS_UPDATED)', 'interface: States and transitions / Internal account `status`'),
      t('ACTIVE', 'FROZEN', 'status change (INTERNAL_ACCOUNT.STATUS_UPDATED)', 'interface: States and transitions / Internal account `status`'),
      t('PENDING', 'FAILED', 'provisioning failed (the meaning of FAILED)', 'interface: States and transitions / Internal account `status` (states)', true),
      t('ACTIVE', 'CLOSED', 'customer-initiated closure (the meaning of CLOSED)', 'interface: States and transitions / Internal account `status` (states)', true),
    ],
    forbidden: [],
  },
  {
    machine: 'card',
    area: 'Cards',
    section: `${CARD}; supplement §9, §25`,
    states: ['PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED'],
    allowed: [
      t('ACTIVE', 'FROZEN', 'state update (PATCH /cards/{cardId})', CARD),
      t('FROZEN', 'ACTIVE', 'state update (PATCH /cards/{cardId})', CARD),
      t('ACTIVE', 'CLOSED', 'state update (PATCH /cards/{cardId})', CARD),
      t('FROZEN', 'CLOSED', 'state update (PATCH /cards/{cardId})', CARD),
      t('PROCESSING', 'ACTIVE', 'issuance completes (CARD.STATE_CHANGE)', 'supplement §9, §25'),
      t('PROCESSING', 'CLOSED', 'issuer rejects, stateReason ISSUER_REJECTED (CARD.STATE_CHANGE)', 'supplement §9, §25'),
    ],
    forbidden: [
      t('ACTIVE', 'ACTIVE', '409 INVALID_STATE_TRANSITION', CARD),
      t('FROZEN', 'FROZEN', '409 INVALID_STATE_TRANSITION', CARD),
      t('CLOSED', 'ACTIVE', '409 INVALID_STATE_TRANSITION or CARD_NOT_MUTABLE (the interface overlaps)', CARD),
      t('CLOSED', 'FROZEN', '409 INVALID_STATE_TRANSITION or CARD_NOT_MUTABLE (the interface overlaps)', CARD),
      t('CLOSED', 'CLOSED', '409 CARD_ALREADY_CLOSED', CARD),
      t('PROCESSING', 'FROZEN', '409 INVALID_STATE_TRANSITION (PATCH from PROCESSING)', 'supplement §25, §9 (PATCH state)', true),
      t('PENDING_KYC', 'ACTIVE', '409 INVALID_STATE_TRANSITION (PATCH from PENDING_KYC)', 'supplement §25, §9 (PATCH state)', true),
      t('PENDING_KYC', 'FROZEN', '409 INVALID_STATE_TRANSITION (PATCH from PENDING_KYC)', 'supplement §25, §9 (PATCH state)', true),
      t('PENDING_KYC', 'CLOSED', '409 INVALID_STATE_TRANSITION (PATCH from PENDING_KYC)', 'supplement §25, §9 (PATCH state)', true),
    ],
    note: 'A PATCH to ACTIVE or CLOSED from PROCESSING is refused too (supplement §25); those ids coincide with the issuer\'s own PROCESSING transitions.',
  },
  {
    machine: 'transaction',
    area: 'Cross-Currency Transfers',
    section: 'interface: States and transitions / Transaction status; supplement §8 (Lifecycle)',
    states: ['PENDING', 'PENDING_AUTHORIZATION', 'EXPIRED', 'PROCESSING', 'COMPLETED', 'FAILED'],
    allowed: [
      t('PENDING', 'PROCESSING', 'execution proceeds (OUTGOING_PAYMENT.PROCESSING)', 'supplement §8 (Lifecycle)'),
      t('PROCESSING', 'COMPLETED', 'settled (OUTGOING_PAYMENT.COMPLETED)', 'supplement §8 (Lifecycle)'),
      t('PROCESSING', 'FAILED', 'failed with failureReason, then the automatic refund (OUTGOING_PAYMENT.FAILED)', 'supplement §8 (Lifecycle)'),
      t('PENDING', 'EXPIRED', 'not executed or funded in time (OUTGOING_PAYMENT.EXPIRED)', 'supplement §8 (Lifecycle), §26'),
      t('PENDING', 'PENDING_AUTHORIZATION', 'SCA authorization required (OUTGOING_PAYMENT.PENDING_AUTHORIZATION)', 'supplement §8 (Lifecycle)'),
      t('PENDING_AUTHORIZATION', 'PROCESSING', 'authorized', 'supplement §8 (Lifecycle)'),
      t('PENDING_AUTHORIZATION', 'FAILED', 'SCA challenge expired (failureReason SCA_NOT_COMPLETED)', 'supplement §8 (Lifecycle)'),
      t('COMPLETED', 'FAILED', 'returned by the bank (PAYOUT_RETURNED)', 'supplement §8 (Lifecycle)'),
    ],
    forbidden: [],
  },
  {
    machine: 'refund',
    area: 'Cross-Currency Transfers',
    section: 'supplement §8 (`refund`), §13',
    states: ['PENDING', 'COMPLETED', 'FAILED'],
    allowed: [
      t('PENDING', 'COMPLETED', 'refund settles (*_PAYMENT.REFUND_COMPLETED)', 'supplement §8, §13'),
      t('PENDING', 'FAILED', 'refund fails (*_PAYMENT.REFUND_FAILED)', 'supplement §8, §13'),
    ],
    forbidden: [],
  },
  {
    machine: 'incoming-transaction',
    area: 'Transactions',
    section: 'supplement §13',
    states: ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REJECTED'],
    allowed: [
      t('PENDING', 'COMPLETED', 'the receiver answers 200, or POST /transactions/{transactionId}/approve (INCOMING_PAYMENT.COMPLETED)', 'supplement §13'),
      t('PENDING', 'FAILED', 'the receiver answers 403, POST .../reject, or the 5 s approval window passes (INCOMING_PAYMENT.FAILED); FAILED or REJECTED is not stated', 'supplement §13', true),
    ],
    forbidden: [],
    note: 'Status after reject or timeout is not stated (supplement §28.4).',
  },
  {
    machine: 'quote',
    area: 'Cross-Currency Transfers',
    section: 'supplement §8, §16',
    states: ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'],
    allowed: [t('PENDING', 'PENDING_AUTHORIZATION', 'execute for a customer in an SCA region (scaChallenge)', 'supplement §16 (Authorization loop)')],
    forbidden: [],
  },
  {
    machine: 'customer-kyc',
    area: 'KYC/KYB Verifications',
    section: 'interface: States and transitions / Customer KYC status; supplement §4, §5',
    states: ['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD'],
    allowed: [],
    forbidden: [],
    note: 'No kycStatus transition is stated: the sandbox sets it at create (supplement §5); a KYC link does not change it (§14).',
  },
  {
    machine: 'customer-kyb',
    area: 'KYC/KYB Verifications',
    section: 'supplement §4, §5',
    states: ['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD'],
    allowed: [
      t('UNVERIFIED', 'APPROVED', 'POST /verifications for a business (CUSTOMER.KYB_APPROVED)', 'supplement §5 (Sandbox magic: BUSINESS, APPROVED at verify)'),
      t('UNVERIFIED', 'REJECTED', 'POST /verifications for a business whose registrationNumber ends 002 (CUSTOMER.KYB_REJECTED)', 'supplement §5 (Sandbox magic: BUSINESS, REJECTED at verify)'),
    ],
    forbidden: [],
  },
  {
    machine: 'verification',
    area: 'KYC/KYB Verifications',
    section: 'supplement §5, §14',
    states: ['RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION'],
    allowed: [
      t('IN_PROGRESS', 'APPROVED', 'review passes (VERIFICATION.APPROVED)', 'supplement §5, §14', true),
      t('IN_PROGRESS', 'REJECTED', 'review rejects (VERIFICATION.REJECTED)', 'supplement §5, §14', true),
      t('IN_PROGRESS', 'PENDING_MANUAL_REVIEW', 'a PENDING individual completes (VERIFICATION.PENDING_MANUAL_REVIEW)', 'supplement §5 (Sandbox magic 001)', true),
      t('IN_PROGRESS', 'RESOLVE_ERRORS', 'an UNVERIFIED individual completes with a poor document (POOR_QUALITY_DOCUMENT)', 'supplement §5 (Sandbox magic 003)', true),
      t('RESOLVE_ERRORS', 'IN_PROGRESS', 'POST /verifications again once every gap is filled', 'supplement §5, §14', true),
      t('READY_FOR_VERIFICATION', 'IN_PROGRESS', 'POST /verifications with full data', 'supplement §14', true),
    ],
    forbidden: [],
  },
  {
    machine: 'invitation',
    area: 'Invitations',
    section: 'supplement §19',
    states: ['PENDING', 'CLAIMED', 'CANCELLED', 'EXPIRED'],
    allowed: [
      t('PENDING', 'CLAIMED', 'POST /invitations/{invitationCode}/claim (INVITATION.CLAIMED)', 'supplement §19'),
      t('PENDING', 'CANCELLED', 'POST /invitations/{invitationCode}/cancel', 'supplement §19'),
      t('PENDING', 'EXPIRED', 'expiresAt passes (no event)', 'supplement §19'),
    ],
    forbidden: [
      t('CLAIMED', 'CLAIMED', '400 INVITATION_ALREADY_CLAIMED', 'supplement §19'),
      t('CANCELLED', 'CLAIMED', '400 INVITATION_CANCELLED', 'supplement §19'),
      t('EXPIRED', 'CLAIMED', '400 (code unlisted)', 'supplement §19', true),
      t('CLAIMED', 'CANCELLED', '400: cancel of an invitation that is not PENDING', 'supplement §19'),
      t('CANCELLED', 'CANCELLED', '400: cancel of an invitation that is not PENDING', 'supplement §19'),
      t('EXPIRED', 'CANCELLED', '400: cancel of an invitation that is not PENDING', 'supplement §19'),
      t('CLAIMED', 'EXPIRED', 'expiresAt passes: CLAIMED stays (all terminal)', 'supplement §19'),
      t('CANCELLED', 'EXPIRED', 'expiresAt passes: CANCELLED stays (all terminal)', 'supplement §19'),
    ],
  },
  {
    machine: 'agent-action',
    area: 'Agent Management',
    section: 'supplement §23',
    states: ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED'],
    allowed: [
      t('PENDING_APPROVAL', 'APPROVED', 'POST /agents/{agentId}/actions/{actionId}/approve (+ transaction)', 'supplement §23'),
      t('PENDING_APPROVAL', 'FAILED', 'approve, and execution fails', 'supplement §23'),
      t('PENDING_APPROVAL', 'REJECTED', 'POST /agents/{agentId}/actions/{actionId}/reject', 'supplement §23'),
      t('APPROVED', 'FAILED', 'execution fails (expired quote, funds)', 'supplement §23'),
    ],
    forbidden: [
      t('REJECTED', 'APPROVED', '409: approve of an action that is not pending', 'supplement §23'),
      t('APPROVED', 'REJECTED', '409: reject of an action that is not pending', 'supplement §23'),
    ],
  },
  {
    machine: 'stablecoin-operation',
    area: 'Stablecoins',
    section: 'supplement §22',
    states: ['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'],
    allowed: [
      t('CREATED', 'PENDING_FUNDING', 'an externally funded operation waits for funds', 'supplement §22', true),
      t('CREATED', 'PENDING_PROVIDER', 'an operation funded otherwise goes to the provider', 'supplement §22', true),
      t('PENDING_FUNDING', 'PROCESSING', 'funds arrive', 'supplement §22', true),
      t('PENDING_PROVIDER', 'PROCESSING', 'the provider accepts', 'supplement §22', true),
      t('PROCESSING', 'COMPLETED', 'settled', 'supplement §22', true),
      t('PROCESSING', 'FAILED', 'failed (failureReason)', 'supplement §22', true),
      t('PENDING_FUNDING', 'EXPIRED', 'no funds before expiresAt', 'supplement §22'),
    ],
    forbidden: [],
    note: 'The supplement states only that externally funded operations wait for funds until expiresAt; the path is its inference.',
  },
  {
    machine: 'bulk-upload-job',
    area: 'Customers',
    section: 'supplement §24',
    states: ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'],
    allowed: [
      t('PENDING', 'PROCESSING', 'the job starts', 'supplement §24'),
      t('PROCESSING', 'COMPLETED', 'the job ends (BULK_UPLOAD.COMPLETED)', 'supplement §24'),
      t('PROCESSING', 'FAILED', 'the job fails (BULK_UPLOAD.FAILED)', 'supplement §24'),
    ],
    forbidden: [],
  },
  {
    machine: 'delegated-key',
    area: 'Embedded Wallet Auth',
    section: 'supplement §17',
    states: ['PENDING', 'ACTIVE', 'REVOKED'],
    allowed: [
      t('PENDING', 'ACTIVE', 'the last signed leg of POST /auth/delegated-keys (201 ACTIVE)', 'supplement §17'),
      t('ACTIVE', 'REVOKED', 'DELETE /auth/delegated-keys/{delegatedKeyId} (204)', 'supplement §17'),
    ],
    forbidden: [
      t('PENDING', 'REVOKED', '400: DELETE of a key that is not ACTIVE', 'supplement §17'),
      t('REVOKED', 'REVOKED', '400: DELETE of a key that is not ACTIVE', 'supplement §17'),
    ],
  },
  {
    machine: 'sca-factor-reset',
    area: 'Strong Customer Authentication',
    section: 'supplement §16 (2FA reset)',
    states: ['INITIATED', 'PENDING_REVIEW', 'LIVENESS_PASSED', 'COMPLETED', 'REJECTED', 'EXPIRED'],
    allowed: [
      t('INITIATED', 'PENDING_REVIEW', 'the liveness check is submitted', 'supplement §16'),
      t('PENDING_REVIEW', 'LIVENESS_PASSED', 'the liveness check passes', 'supplement §16'),
      t('LIVENESS_PASSED', 'COMPLETED', 'POST /sca/factors/reset/{resetId}/complete', 'supplement §16'),
    ],
    forbidden: [
      t('INITIATED', 'COMPLETED', '400: complete before the liveness check passed', 'supplement §16'),
      t('PENDING_REVIEW', 'COMPLETED', '400: complete before the liveness check passed', 'supplement §16'),
    ],
  },
  {
    machine: 'card-transaction',
    area: 'Cards',
    section: 'interface: Events (CARD_TRANSACTION.*); supplement §9',
    states: ['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION'],
    allowed: [
      t('AUTHORIZED', 'SETTLED', 'clearing of the authorized amount', 'supplement §9 (simulate clearing)', true),
      t('AUTHORIZED', 'PARTIALLY_SETTLED', 'clearing of part of the authorized amount', 'supplement §9 (simulate clearing)', true),
      t('PARTIALLY_SETTLED', 'SETTLED', 'clearing of the rest', 'supplement §9 (simulate clearing)', true),
      t('SETTLED', 'REFUNDED', 'a return of the whole net settled amount', 'supplement §9 (simulate return: "full -> REFUNDED")'),
    ],
    forbidden: [],
  },
];

// ---------------------------------------------------------------------------------------------
// Events

export interface EventEntry {
  type: string;
  area: Area;
  section: Section;
}

const EVENT_AREAS: readonly (readonly [string, readonly string[], Area])[] = [
  ['OUTGOING_PAYMENT', ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'], 'Cross-Currency Transfers'],
  ['INCOMING_PAYMENT', ['PENDING', 'COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'], 'Transactions'],
  ['CUSTOMER', ['KYC_APPROVED', 'KYC_REJECTED', 'KYC_PENDING', 'KYB_APPROVED', 'KYB_REJECTED', 'KYB_PENDING'], 'KYC/KYB Verifications'],
  ['VERIFICATION', ['APPROVED', 'REJECTED', 'RESOLVE_ERRORS', 'IN_PROGRESS', 'PENDING_MANUAL_REVIEW', 'READY_FOR_VERIFICATION'], 'KYC/KYB Verifications'],
  ['EXTERNAL_ACCOUNT', ['STATUS_UPDATED'], 'External Accounts'],
  ['INTERNAL_ACCOUNT', ['BALANCE_UPDATED', 'STATUS_UPDATED', 'FUNDING_INSTRUCTIONS_UPDATED'], 'Internal Accounts'],
  ['INVITATION', ['CLAIMED'], 'Invitations'],
  ['BULK_UPLOAD', ['COMPLETED', 'FAILED'], 'Customers'],
  ['AGENT_ACTION', ['PENDING_APPROVAL'], 'Agent Management'],
  ['CARD', ['STATE_CHANGE', 'FUNDING_SOURCE_CHANGE'], 'Cards'],
  ['CARD_TRANSACTION', ['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION'], 'Cards'],
];

/** Where the interface document itself names the type (the rest come from supplement §3 and §27 alone). */
const INTERFACE_EVENTS = new Set([
  'OUTGOING_PAYMENT.COMPLETED', 'OUTGOING_PAYMENT.FAILED', 'OUTGOING_PAYMENT.REFUND_COMPLETED',
  'INCOMING_PAYMENT.REFUND_PENDING', 'INCOMING_PAYMENT.REFUND_COMPLETED', 'INCOMING_PAYMENT.REFUND_FAILED',
  'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'INTERNAL_ACCOUNT.STATUS_UPDATED', 'CUSTOMER.KYC_APPROVED',
  'EXTERNAL_ACCOUNT.STATUS_UPDATED', 'TEST',
]);

/** Families the interface names with `*` without listing their members (supplement §27 lists them). */
const INTERFACE_FAMILIES = new Set(['CUSTOMER', 'CARD_TRANSACTION']);

/** The 43 event types of supplement §27 (no families: `CUSTOMER.KYB_*` and `CARD_TRANSACTION.*` are spelled out). */
export const EVENTS: readonly EventEntry[] = [
  ...EVENT_AREAS.flatMap(([family, suffixes, area]) =>
    suffixes.map((s) => {
      const type = `${family}.${s}`;
      const section = INTERFACE_EVENTS.has(type)
        ? 'interface: Events; supplement §27'
        : INTERFACE_FAMILIES.has(family)
          ? `interface: Events (\`${family === 'CUSTOMER' ? `CUSTOMER.${s.slice(0, 3)}_*` : `${family}.*`}\`, members not listed); supplement §3, §27`
          : 'supplement §3, §27';
      return { type, area, section };
    }),
  ),
  { type: 'TEST', area: 'Webhooks', section: 'interface: Events; supplement §3, §26, §27' },
];

// ---------------------------------------------------------------------------------------------
// Coverage ids

export const ids = {
  error: (status: number, code: string) => `error:${status}:${code}`,
  transition: (machine: Machine, from: string, to: string) => `transition:${machine}:${from}->${to}`,
  event: (type: string) => `event:${type}`,
  operation: (method: string, path: string) => `op:${method.toUpperCase()} ${path}`,
  response: (method: string, path: string, status: number) => `response:${method.toUpperCase()} ${path} ${status}`,
};

export type CoverageKind = 'errors' | 'transitions' | 'events' | 'operations' | 'responses';

export const COVERAGE_KINDS: readonly CoverageKind[] = ['operations', 'responses', 'errors', 'events', 'transitions'];

export interface CatalogItem {
  kind: CoverageKind;
  id: string;
  area: Area;
  section: Section;
}

let items: CatalogItem[] | undefined;

/** The catalog operation of a described method and path, whatever the names of its path parameters. */
const operationOfShape = (method: string, path: string) => OPERATIONS.find((o) => o.method === method && shapeOf(o.path) === shapeOf(path));

/**
 * Each status the description documents for a catalog operation (./responses.ts), under the
 * catalog's path template; `reason` says why it cannot be exercised, where it cannot.
 */
function describedResponseItems(): (CatalogItem & { reason?: string })[] {
  return describedOperations().operations.flatMap((d) => {
    const op = operationOfShape(d.method, d.path);
    if (!op) return [];
    return d.responses.map((r) => ({
      kind: 'responses' as const,
      id: ids.response(op.method, op.path, r.status),
      area: op.area,
      section: `description: ${d.method} ${d.path} responses ${r.status} ("${r.description}")`,
      reason: notExercisableReason(d.method, d.path, r.status, r.description),
    }));
  });
}

/** The documented answers no scenario can cause, with the reason: listed beside the coverage, not counted in it. */
export function notExercisableItems(): (CatalogItem & { reason: string })[] {
  return [
    ...ERRORS.filter((e) => e.notExercisable).map((e) => ({ kind: 'errors' as const, id: ids.error(e.status, e.code), area: e.area, section: e.section, reason: e.notExercisable! })),
    ...describedResponseItems().filter((r): r is CatalogItem & { reason: string } => r.reason !== undefined),
  ];
}

/** Every coverage id of the catalog with its area and section. */
export function catalogItems(): CatalogItem[] {
  return (items ??= [
    ...OPERATIONS.map((o) => ({ kind: 'operations' as const, id: ids.operation(o.method, o.path), area: o.area, section: o.section })),
    ...describedResponseItems().filter((r) => r.reason === undefined).map(({ reason: _, ...item }) => item),
    ...ERRORS.filter((e) => !e.notExercisable).map((e) => ({ kind: 'errors' as const, id: ids.error(e.status, e.code), area: e.area, section: e.section })),
    ...EVENTS.map((e) => ({ kind: 'events' as const, id: ids.event(e.type), area: e.area, section: e.section })),
    ...MACHINES.flatMap((m) =>
      [...m.allowed, ...m.forbidden].map((tr) => ({ kind: 'transitions' as const, id: ids.transition(m.machine, tr.from, tr.to), area: m.area, section: tr.section })),
    ),
  ]);
}

/** Every coverage id the interface defines, per kind: the denominator. */
export function catalogIds(): Record<CoverageKind, string[]> {
  const result: Record<CoverageKind, string[]> = { errors: [], transitions: [], events: [], operations: [], responses: [] };
  for (const item of catalogItems()) result[item.kind].push(item.id);
  return result;
}

/** The area a catalog id belongs to. */
export function areaOfId(kind: CoverageKind, id: string): Area | undefined {
  return catalogItems().find((i) => i.kind === kind && i.id === id)?.area;
}

/** `op:POST /cards/{id}` and `op:POST /cards/{cardId}` are the same operation: parameter names do not matter. */
const shapeOf = (operationId: string) => operationId.replace(/\{[^}]*\}/g, '{}');

/**
 * The catalog id that an observed id counts towards: the id itself, or for operations the catalog
 * template of the same method and shape whatever its parameter names.
 */
let idsByKind: Partial<Record<CoverageKind, Map<string, string>>> | undefined;

export function catalogIdFor(kind: CoverageKind, observed: string): string | undefined {
  const shaped = kind === 'operations' || kind === 'responses';
  idsByKind ??= {};
  const byKey = (idsByKind[kind] ??= new Map(catalogIds()[kind].map((id) => [shaped ? shapeOf(id) : id, id])));
  return byKey.get(shaped ? shapeOf(observed) : observed);
}

/** The catalog operation a method and path template stand for (parameter names do not matter). */
export function operationFor(method: string, template: string): OperationEntry | undefined {
  const id = catalogIdFor('operations', ids.operation(method, template));
  return id ? OPERATIONS.find((o) => ids.operation(o.method, o.path) === id) : undefined;
}

/** The 23 areas with their operations (the interface's table "Functional areas"). */
export function areaOperations(): { area: Area; operations: string[] }[] {
  return AREAS.map((area) => ({ area, operations: OPERATIONS.filter((o) => o.area === area).map((o) => `${o.method} ${o.path}`) }));
}
