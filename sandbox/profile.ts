// What this sandbox declares about itself, as a target profile (the file format of the README's
// "Target profiles"): the sandbox triggers it serves, its limits, its Bitcoin-keyed wallet type, the
// region where it applies SCA, its webhook retry bound. `npm run sandbox` prints it, the image
// prints it, and the harness reads it in embedded mode: the sandbox's declarations live here only,
// beside the code that implements them, never copied into the harness.
import { Choices, type ChoicesMode } from './choices.js';
import { LIMITS } from './cross-currency-transfers/state.js';
import { platformCurrencies } from './internal-accounts/state.js';
import { COUNTERPARTY_NOT_ALLOWED_SUFFIX, VELOCITY } from './cross-currency-transfers/gates.js';
import { STABLECOIN_PROVIDER } from './stablecoins/state.js';
import { LOOKUP_SIGNATURE_ALTERNATE_CODE, LOOKUP_SIGNATURE_TRIGGER, LOOKUP_TRIGGERS, QUOTE_TRIGGERS, triggerAddress } from './cross-currency-transfers/uma/counterparties.js';
import { WALLET_PASSKEY_ORIGIN, WALLET_SYNC_FAILURE_DOMAIN } from './embedded-wallet-auth/triggers.js';
import { OIDC_ISSUERS } from './embedded-wallet-auth/oidc.js';
import { WEBHOOK_RETRY_JITTER } from './webhooks/state.js';
import { optionDefault, readOptions, SANDBOX_OPTIONS } from './options.js';

export interface SandboxProfileInput {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookPublicKeyPem: string;
  /** Base delay and attempts of webhook retries: the bound within which a failed delivery is retried. */
  webhookRetryBaseMs: number;
  webhookAttempts: number;
  counterpartyRules: boolean;
  /** How long a card whose platformCardId ends 005 stays PROCESSING. */
  cardActivationDelayMs: number;
  /** How long an incoming payment answered 202 waits for approve or reject. */
  incomingApprovalWindowMs: number;
  /** How long an UMA lookup id stays usable (sandbox/cross-currency-transfers/uma); the sandbox default when absent. */
  umaLookupTtlMs?: number;
  /** Quotes one customer may create within the velocity window; the sandbox default when absent. */
  quoteVelocityCount?: number;
  /** Which form of its choices the sandbox takes (./choices.ts): what it declares follows. */
  choices?: ChoicesMode;
  /** How long after its last event a notification of this sandbox can still come (the quiet period a suite waits). */
  eventQuietMs?: number;
}

/**
 * The sandbox's timings when the harness boots it: the harness values of its options (options.ts,
 * where each is explained), and the quiet period it declares. The harness reads them from here, never
 * from a copy.
 * - eventQuietMs: every event of one state change is sent at once, over loopback: what comes later
 *   than this after the last one is not part of it.
 */
export const EMBEDDED_TIMINGS = {
  challengeTtlMs: SANDBOX_OPTIONS.challengeTtlMs.harness!,
  provisioningDelayMs: SANDBOX_OPTIONS.provisioningDelayMs.harness!,
  realtimeQuoteTtlMs: SANDBOX_OPTIONS.realtimeQuoteTtlMs.harness!,
  cardActivationDelayMs: SANDBOX_OPTIONS.cardActivationDelayMs.harness!,
  incomingApprovalWindowMs: SANDBOX_OPTIONS.incomingApprovalWindowMs.harness!,
  umaLookupTtlMs: SANDBOX_OPTIONS.umaLookupTtlMs.harness!,
  walletSessionTtlMs: SANDBOX_OPTIONS.walletSessionTtlMs.harness!,
  deviceCodeTtlMs: SANDBOX_OPTIONS.deviceCodeTtlMs.harness!,
  webhookRetryBaseMs: SANDBOX_OPTIONS.webhookRetryBaseMs.harness!,
  webhookAttempts: SANDBOX_OPTIONS.webhookAttempts.harness!,
  eventQuietMs: 100,
} as const;

/** Failure reasons by the last three digits of a quote destination (sandbox/cross-currency-transfers). */
export const FAILURE_TRIGGERS: Record<string, string> = {
  QUOTE_EXECUTION_FAILED: '002',
  ACCOUNT_CANNOT_RECEIVE: '004',
  PAYOUT_RETURNED: '005',
  ACCOUNT_INVALID: '008',
  COMPLIANCE_REJECTED: '009',
  LIMIT_EXCEEDED: '011',
};

const noFile = () => {
  throw new Error('not a file option');
};

/** --sca-debit-at / SANDBOX_SCA_DEBIT_AT (options.ts); unset: the default. */
export function parseScaDebitAt(raw: string | undefined): 'authorization' | 'execute' | 'after-execute' | undefined {
  return readOptions({}, { SANDBOX_SCA_DEBIT_AT: raw }, noFile).scaDebitAt;
}

/** --quote-velocity-refused / SANDBOX_QUOTE_VELOCITY_REFUSED (options.ts); unset: the default. */
export function parseQuoteVelocityRefused(raw: string | undefined): 'count' | 'ignore' | undefined {
  return readOptions({}, { SANDBOX_QUOTE_VELOCITY_REFUSED: raw }, noFile).quoteVelocityRefused;
}

/** --quote-velocity-count / SANDBOX_QUOTE_VELOCITY_COUNT (options.ts): a whole number, at least 1; unset or empty, the sandbox's own count. */
export function parseQuoteVelocityCount(raw: string | undefined): number | undefined {
  return readOptions({}, { SANDBOX_QUOTE_VELOCITY_COUNT: raw }, noFile).quoteVelocityCount;
}

/** The lifetime of an embedded-wallet session where no option sets it (the supplement states no length). */
export const WALLET_SESSION_TTL_MS = optionDefault('walletSessionTtlMs');

/** The lifetime of an UMA lookup id where no option sets it. */
export const UMA_LOOKUP_TTL_MS = optionDefault('umaLookupTtlMs');

export function sandboxProfile(input: SandboxProfileInput): Record<string, unknown> {
  // Retries back off exponentially from the base delay: the last retry comes within the sum of the waits.
  let retryWithinMs = 0;
  for (let attempt = 1; attempt < input.webhookAttempts; attempt++) retryWithinMs += input.webhookRetryBaseMs * 2 ** (attempt - 1);
  // The alternate's jitter lengthens each wait by up to WEBHOOK_RETRY_JITTER of it.
  if (new Choices(input.choices).alternate('webhook-retry-jitter')) retryWithinMs *= 1 + WEBHOOK_RETRY_JITTER;
  return {
    name: 'svc-conformance reference sandbox',
    baseUrl: input.baseUrl,
    credentials: { clientId: input.clientId, clientSecret: input.clientSecret },
    webhook: {
      publicKey: input.webhookPublicKeyPem,
      // Twice the computed bound: the delivery queue and the listener's answer take time too.
      retryWithinMs: Math.max(1000, retryWithinMs * 2),
      // sandbox/webhooks/state.ts: retry n waits base * 2^(n-1) (the alternate: up to half as long again).
      retryBaseMs: input.webhookRetryBaseMs,
      // sandbox/webhooks/signature-check.ts: POST /sandbox/webhooks/verify-signature.
      signatureCheck: true,
    },
    capabilities: {
      sandboxTriggers: true,
      counterpartyRules: input.counterpartyRules,
      bitcoinWalletType: 'SPARK_WALLET',
      bitcoinAddressForms: ['p2pkh-uncompressed', 'p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'spark'],
      sca: { region: 'DE', code: '123456' },
      outsideScaRegion: 'US',
    },
    triggers: {
      failures: FAILURE_TRIGGERS,
      hold: '012',
      // POST /sandbox/internal-accounts/{id}/freeze and /fail, /sandbox/external-accounts/{id}/liveness.
      state: ['freeze', 'fail', 'liveness'],
      // sandbox/external-accounts: a fiat account number ending 105 is refused as an invalid bank account.
      invalidBankAccount: '105',
      // sandbox/strong-customer-authentication: POST /sandbox/sca/factors/reset/{resetId}/liveness.
      scaFactorReset: true,
      // sandbox/cross-currency-transfers: a destination ending 007 fails, and so does its refund.
      refundFailure: '007',
      // sandbox/transactions/incoming.ts: approved deposits from these senders are returned.
      incomingRefundSenders: { completed: '$fail.compliance.usd@sandbox.uma.money', failed: '$fail.refund.usd@sandbox.uma.money' },
      // sandbox/cards: a platformCardId ending 004 holds the card in PENDING_KYC.
      cardPendingKyc: '004',
      // sandbox/cross-currency-transfers/gates.ts: a destination ending 013 is a counterparty not allowed.
      counterpartyNotAllowed: COUNTERPARTY_NOT_ALLOWED_SUFFIX,
      // sandbox/cross-currency-transfers/server-errors.ts: POST /sandbox/quotes/{quoteId}/server-error.
      serverErrors: true,
      // sandbox/cross-currency-transfers/uma: each address is served by a counterparty VASP that misbehaves so; the sender's checks find it.
      umaLookup: Object.fromEntries(Object.entries(LOOKUP_TRIGGERS).map(([code, m]) => [code, triggerAddress(m)])),
      umaQuote: Object.fromEntries(Object.entries(QUOTE_TRIGGERS).map(([code, m]) => [code, triggerAddress(m)])),
      // sandbox/cross-currency-transfers/uma: a counterparty whose lnurlp answer is signed with another key than the published one, and the code the sandbox answers.
      umaLookupSignature: { code: new Choices(input.choices).alternate('uma-lookup-signature-parse-error') ? LOOKUP_SIGNATURE_ALTERNATE_CODE : LOOKUP_SIGNATURE_TRIGGER.code, address: triggerAddress(LOOKUP_SIGNATURE_TRIGGER.misbehaviour) },
      // sandbox/platform-configuration: POST /sandbox/config/webhook-endpoint/unset.
      webhookEndpointUnset: true,
      // sandbox/invitations: POST /sandbox/invitations/configuration {configured}.
      invitationsSwitch: true,
      // sandbox/embedded-wallet-auth: POST /sandbox/customers/{customerId}/embedded-wallet.
      embeddedWallet: true,
      // sandbox/embedded-wallet-auth: an email change to this domain fails to sync (424).
      walletSyncFailureEmailDomain: WALLET_SYNC_FAILURE_DOMAIN,
    },
    // sandbox/embedded-wallet-auth: passkeys are taken for the origin their client data names, so this
    // sandbox declares one of its own; OIDC tokens of the issuers in oidc.ts.
    wallet: {
      passkeyOrigin: WALLET_PASSKEY_ORIGIN,
      oauthIssuer: OIDC_ISSUERS[0],
    },
    timings: {
      cardActivationDelayMs: input.cardActivationDelayMs,
      incomingApprovalWindowMs: input.incomingApprovalWindowMs,
      umaLookupTtlMs: input.umaLookupTtlMs ?? UMA_LOOKUP_TTL_MS,
      // sandbox/exchange-rates: a rate is cached per window, the platform fee applied at each read.
      rateFeeChangeMs: 0,
      ...(input.eventQuietMs === undefined ? {} : { eventQuietMs: input.eventQuietMs }),
    },
    // sandbox/customers, sandbox/kyc-verifications, sandbox/internal-accounts (sandbox/README.md).
    customers: {
      missingMandatoryInfoRegion: 'DE',
      contactVerification: { region: 'DE', code: '123456' },
      documentRejections: { LOW_QUALITY: '991', DATA_MISMATCH: '992', EXPIRED: '993', SUSPECTED_FRAUD: '994', UNSUITABLE_DOCUMENT: '995', INCOMPLETE: '996' },
      verificationReadyWhenResolved: true,
      kycNameMagicAtVerification: true,
      kybPendingWhenOwnerPending: true,
      manualReviewTrigger: true,
      provisioningHoldSuffix: 'HOLD',
      internalAccountTriggers: ['activate', 'fail', 'close', 'funding-instructions'],
      platformAccountCurrencies: platformCurrencies(new Choices(input.choices).alternate('platform-usd-account-only')),
      bulkHoldSuffix: '.hold.csv',
      bulkFailedWhenNoRowSucceeds: true,
      // sandbox/cross-currency-transfers/gates.ts: a ramp quote needs APPROVED KYC, else 403 USER_NOT_READY.
      userNotReadyOnRampQuote: true,
      // sandbox/kyc-verifications: ...003 is found RESOLVE_ERRORS in review, then submitted again.
      verificationReviewFindings: true,
      // The alternate names every failed row by its number: no column is declared.
      ...(new Choices(input.choices).alternate('bulk-row-numbers') ? {} : { bulkCorrelationColumn: 'platformCustomerId' }),
    },
    // sandbox/stablecoins (sandbox/README.md, "Stablecoins").
    stablecoins: {
      provider: STABLECOIN_PROVIDER,
      triggers: true,
      reservedSources: true,
      // The reserved burn source SVC_INTERNAL_ACCOUNT is not offered: supplement 22 names it but not its
      // fields, and the sandbox's provider keeps the tokens minted to an internal account, so no internal
      // account holds tokens to burn (sandbox/README.md, "Stablecoins"). The alternate offers it.
      burnInternalAccountSource: new Choices(input.choices).alternate('stablecoin-burn-internal-source'),
    },
    limits: {
      singleUsdCents: LIMITS.singleTransactionUsdCents,
      dailyUsdCents: LIMITS.dailyVolumeUsdCents,
      verificationThresholdUsdCents: LIMITS.unverifiedWalletUsdCents,
      velocityCount: input.quoteVelocityCount ?? VELOCITY.count,
      velocityWindowMs: VELOCITY.windowMs,
    },
  };
}
