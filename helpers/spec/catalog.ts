// The interface document (../shared/spec/interface.md) as data. Every entry cites its section.
// It is the denominator of coverage and the reference of the error-code assertions.
// Coverage ids follow DESIGN.md: error:<status>:<CODE>, transition:<machine>:<FROM>-><TO>,
// event:<TYPE>, op:<METHOD> <path template>.

export const INTERFACE_VERSION = '2025-10-13';

export type Section = string;

export interface ErrorEntry {
  status: number;
  code: string;
  section: Section;
  note?: string;
}

const ERRORS_400 = [
  'INVALID_INPUT', 'END_USER_TERMS_VERSION_NOT_FOUND', 'MISSING_MANDATORY_USER_INFO', 'INVITATION_ALREADY_CLAIMED',
  'INVITATIONS_NOT_CONFIGURED', 'INVALID_UMA_ADDRESS', 'INVITATION_CANCELLED', 'QUOTE_REQUEST_FAILED',
  'INVALID_PAYREQ_RESPONSE', 'INVALID_RECEIVER', 'PARSE_PAYREQ_RESPONSE_ERROR', 'CERT_CHAIN_INVALID', 'CERT_CHAIN_EXPIRED',
  'INVALID_PUBKEY_FORMAT', 'MISSING_REQUIRED_UMA_PARAMETERS', 'SENDER_NOT_ACCEPTED', 'AMOUNT_OUT_OF_RANGE',
  'INVALID_CURRENCY', 'INVALID_TIMESTAMP', 'INVALID_NONCE', 'INVALID_REQUEST_FORMAT', 'INVALID_BANK_ACCOUNT',
  'SELF_PAYMENT', 'LOOKUP_REQUEST_FAILED', 'PARSE_LNURLP_RESPONSE_ERROR', 'INVALID_AMOUNT', 'WEBHOOK_ENDPOINT_NOT_SET',
  'WEBHOOK_DELIVERY_ERROR', 'LOW_QUALITY', 'DATA_MISMATCH', 'EXPIRED', 'SUSPECTED_FRAUD', 'UNSUITABLE_DOCUMENT',
  'INCOMPLETE', 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS', 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
  'PASSKEY_CREDENTIAL_ALREADY_EXISTS', 'STABLECOIN_PROVIDER_ACCOUNT_INVALID', 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED',
  'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', 'CARDHOLDER_KYC_NOT_APPROVED', 'TRANSACTION_SIZE_LIMIT_EXCEEDED',
  'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED',
] as const;
const ERRORS_401 = [
  'UNAUTHORIZED', 'INVALID_SIGNATURE', 'WALLET_SIGNATURE_MISSING', 'WALLET_SIGNATURE_MALFORMED',
  'WALLET_SIGNATURE_BODY_MISMATCH', 'WALLET_SIGNATURE_INVALID', 'REQUEST_ID_MISSING',
] as const;
const ERRORS_404 = [
  'TRANSACTION_NOT_FOUND', 'INVITATION_NOT_FOUND', 'USER_NOT_FOUND', 'QUOTE_NOT_FOUND', 'LOOKUP_REQUEST_NOT_FOUND',
  'TOKEN_NOT_FOUND', 'BULK_UPLOAD_JOB_NOT_FOUND', 'REFERENCE_NOT_FOUND', 'UMA_NOT_FOUND',
  'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND',
] as const;
const ERRORS_409 = [
  'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', 'TRANSACTION_NOT_CANCELLABLE', 'UMA_ADDRESS_EXISTS',
  'EMAIL_OTP_EMAIL_ALREADY_EXISTS', 'EMAIL_OTP_CREDENTIAL_SET_CHANGED', 'PASSKEY_ALREADY_ENROLLED',
  'SCA_SESSION_REQUIRED', 'BENEFICIARY_TRUSTED', 'INVALID_STATE_TRANSITION', 'CARD_ALREADY_CLOSED', 'CARD_NOT_MUTABLE',
  'CONFLICT',
] as const;
const ERRORS_500 = ['SVC_SWITCH_ERROR', 'INTERNAL_ERROR'] as const;

export const ERRORS: readonly ErrorEntry[] = [
  ...ERRORS_400.map((code) => ({ status: 400, code, section: 'Errors / 400' })),
  ...ERRORS_401.map((code) => ({ status: 401, code, section: 'Errors / 401' })),
  ...ERRORS_404.map((code) => ({ status: 404, code, section: 'Errors / 404' })),
  ...ERRORS_409.map((code) => ({ status: 409, code, section: 'Errors / 409' })),
  ...ERRORS_500.map((code) => ({ status: 500, code, section: 'Errors / 500' })),
  { status: 423, code: 'ACCOUNT_LOCKED', section: 'Errors / Other codes named' },
  { status: 429, code: 'DAILY_VOLUME_LIMIT_EXCEEDED', section: 'Errors / Other codes named' },
  {
    status: 403,
    code: 'END_USER_TERMS_NOT_ACCEPTED',
    section: 'Errors / Other codes named',
    note: 'The interface leaves its HTTP status unshown; 403 is the supplement\'s (section 1).',
  },
];

/**
 * Codes the interface enumerates per HTTP status ("code (string, enumerated per status below)"),
 * with the codes the supplement adds for that status (its section 1 table, and codes it names
 * outside the interface's lists, such as FUNDING_SOURCE_INELIGIBLE in section 25).
 */
export function codesForStatus(status: number): readonly string[] | undefined {
  const codes = [...ERRORS.filter((e) => e.status === status).map((e) => e.code), ...(SUPPLEMENT_CODES[status] ?? [])];
  return codes.length ? [...new Set(codes)] : undefined;
}

/** Codes the supplement adds for statuses the interface does not enumerate (section 1 of the supplement). */
export const SUPPLEMENT_CODES: Record<number, readonly string[]> = {
  400: ['FUNDING_SOURCE_INELIGIBLE'],
  403: ['FORBIDDEN', 'USER_NOT_READY', 'COUNTERPARTY_NOT_ALLOWED', 'VELOCITY_LIMIT_EXCEEDED', 'END_USER_TERMS_NOT_ACCEPTED'],
  405: ['METHOD_NOT_ALLOWED'],
  410: ['CUSTOMER_DELETED'],
  423: ['ACCOUNT_LOCKED'],
  429: ['RATE_LIMITED', 'DAILY_VOLUME_LIMIT_EXCEEDED'],
  501: ['NOT_IMPLEMENTED'],
  503: ['SERVICE_UNAVAILABLE'],
  412: ['UNSUPPORTED_UMA_VERSION'],
  424: ['LNURLP_REQUEST_FAILED', 'PAYREQ_REQUEST_FAILED', 'COUNTERPARTY_PUBKEY_FETCH_ERROR', 'NO_COMPATIBLE_UMA_VERSION', 'EMAIL_OTP_CREDENTIAL_SYNC_FAILED'],
};

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

export interface MachineEntry {
  machine: Machine;
  section: Section;
  states: readonly string[];
  allowed: readonly { from: string; to: string; trigger: string }[];
  /** Transitions the interface names as refused, with the answer it gives. */
  forbidden: readonly { from: string; to: string; answer: string }[];
}

export const MACHINES: readonly MachineEntry[] = [
  {
    machine: 'external-account',
    section: 'States and transitions / External account `status`',
    states: ['PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE'],
    allowed: [
      { from: 'PENDING_OWNERSHIP_VERIFICATION', to: 'ACTIVE', trigger: 'POST .../verify with a valid signature before expiresAt, or a passed LIVENESS check' },
      { from: 'PENDING_OWNERSHIP_VERIFICATION', to: 'UNVERIFIED', trigger: 'POST .../verify with an invalid or expired signature, or a failed LIVENESS attempt' },
    ],
    forbidden: [],
  },
  {
    machine: 'internal-account',
    section: 'States and transitions / Internal account `status`',
    states: ['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED'],
    allowed: [
      { from: 'PENDING', to: 'ACTIVE', trigger: 'status change (INTERNAL_ACCOUNT.STATUS_UPDATED)' },
      { from: 'ACTIVE', to: 'FROZEN', trigger: 'status change (INTERNAL_ACCOUNT.STATUS_UPDATED)' },
    ],
    forbidden: [],
  },
  {
    machine: 'card',
    section: 'States and transitions / Card `state`',
    states: ['ACTIVE', 'FROZEN', 'CLOSED'],
    allowed: [
      { from: 'ACTIVE', to: 'FROZEN', trigger: 'state update' },
      { from: 'FROZEN', to: 'ACTIVE', trigger: 'state update' },
      { from: 'ACTIVE', to: 'CLOSED', trigger: 'state update' },
      { from: 'FROZEN', to: 'CLOSED', trigger: 'state update' },
    ],
    forbidden: [
      { from: 'ACTIVE', to: 'ACTIVE', answer: '409 INVALID_STATE_TRANSITION' },
      { from: 'FROZEN', to: 'FROZEN', answer: '409 INVALID_STATE_TRANSITION' },
      { from: 'CLOSED', to: 'ACTIVE', answer: '409 INVALID_STATE_TRANSITION or CARD_NOT_MUTABLE (the interface overlaps)' },
      { from: 'CLOSED', to: 'FROZEN', answer: '409 INVALID_STATE_TRANSITION or CARD_NOT_MUTABLE (the interface overlaps)' },
      { from: 'CLOSED', to: 'CLOSED', answer: '409 CARD_ALREADY_CLOSED' },
    ],
  },
  {
    machine: 'transaction',
    section: 'States and transitions / Transaction status',
    states: ['COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'],
    allowed: [],
    forbidden: [],
  },
  {
    machine: 'customer-kyc',
    section: 'States and transitions / Customer KYC status',
    states: ['APPROVED'],
    allowed: [],
    forbidden: [],
  },
];

export interface EventEntry {
  type: string;
  section: Section;
  /** A family written with `*` (for example `CARD_TRANSACTION.*`) is covered by any member. */
  family?: boolean;
}

export const EVENTS: readonly EventEntry[] = [
  ...['COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'].map((s) => ({
    type: `OUTGOING_PAYMENT.${s}`,
    section: 'Events (OUTGOING_PAYMENT.<STATUS>; statuses from Transaction status)',
  })),
  ...['REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'].map((s) => ({ type: `INCOMING_PAYMENT.${s}`, section: 'Events' })),
  { type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', section: 'Events' },
  { type: 'INTERNAL_ACCOUNT.STATUS_UPDATED', section: 'Events' },
  { type: 'CUSTOMER.KYC_APPROVED', section: 'Events; States and transitions / Customer KYC status' },
  { type: 'CUSTOMER.KYB_*', section: 'Events', family: true },
  { type: 'EXTERNAL_ACCOUNT.STATUS_UPDATED', section: 'Events' },
  { type: 'CARD_TRANSACTION.*', section: 'Events', family: true },
  { type: 'TEST', section: 'Events' },
];

export interface OperationEntry {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  area: string;
  section: Section;
}

export const OPERATIONS: readonly OperationEntry[] = [
  { method: 'POST', path: '/platform/external-accounts/{externalAccountId}/verify', area: 'External Accounts', section: 'Endpoints / Verify ownership with a wallet signature' },
  { method: 'PATCH', path: '/config', area: 'Platform Configuration', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/webhooks/test', area: 'Webhooks', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/quotes', area: 'Cross-Currency Transfers', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/transfer-in', area: 'Same-Currency Transfers', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/transfer-out', area: 'Same-Currency Transfers', section: 'Endpoints / Other operations that are named' },
  { method: 'GET', path: '/customers/end-user-terms', area: 'Customers', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/customers', area: 'Customers', section: 'Endpoints / Other operations that are named' },
  { method: 'PATCH', path: '/customers/{customerId}', area: 'Customers', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/verifications', area: 'KYC/KYB Verifications', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/sca/login/complete', area: 'Strong Customer Authentication', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/platform/external-accounts/{externalAccountId}/challenge', area: 'External Accounts', section: 'Endpoints / Other operations that are named (path ending external-accounts/{externalAccountId}/challenge)' },
  { method: 'POST', path: '/customers/external-accounts/{externalAccountId}/challenge', area: 'External Accounts', section: 'Endpoints / Other operations that are named (path ending external-accounts/{externalAccountId}/challenge)' },
  { method: 'POST', path: '/transactions/{transactionId}/approve', area: 'Transactions', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/customers/external-accounts/{externalAccountId}/untrust', area: 'External Accounts', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/customers/external-accounts/{externalAccountId}/untrust/confirm', area: 'External Accounts', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/stablecoins', area: 'Stablecoins', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/stablecoins/{stablecoinId}/mints', area: 'Stablecoins', section: 'Endpoints / Other operations that are named' },
  { method: 'POST', path: '/stablecoins/{stablecoinId}/burns', area: 'Stablecoins', section: 'Endpoints / Other operations that are named' },
  { method: 'GET', path: '/stablecoins/{stablecoinId}/operations', area: 'Stablecoins', section: 'Endpoints / Other operations that are named' },
];

export const ids = {
  error: (status: number, code: string) => `error:${status}:${code}`,
  transition: (machine: Machine, from: string, to: string) => `transition:${machine}:${from}->${to}`,
  event: (type: string) => `event:${type}`,
  operation: (method: string, path: string) => `op:${method.toUpperCase()} ${path}`,
};

export type CoverageKind = 'errors' | 'transitions' | 'events' | 'operations';

/** Every coverage id the interface defines, per kind: the denominator. */
export function catalogIds(): Record<CoverageKind, string[]> {
  return {
    errors: ERRORS.map((e) => ids.error(e.status, e.code)),
    transitions: MACHINES.flatMap((m) => [
      ...m.allowed.map((t) => ids.transition(m.machine, t.from, t.to)),
      ...m.forbidden.map((t) => ids.transition(m.machine, t.from, t.to)),
    ]),
    events: EVENTS.map((e) => ids.event(e.type)),
    operations: OPERATIONS.map((o) => ids.operation(o.method, o.path)),
  };
}

/** The catalog id that an observed id counts towards (event families match any member). */
export function catalogIdFor(kind: CoverageKind, observed: string): string | undefined {
  const all = catalogIds()[kind];
  if (all.includes(observed)) return observed;
  if (kind === 'events') {
    const family = EVENTS.find((e) => e.family && observed.startsWith(ids.event(e.type.slice(0, -1))));
    return family ? ids.event(family.type) : undefined;
  }
  return undefined;
}
