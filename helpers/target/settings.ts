// Which target a run drives, from the environment. Incomplete settings fail fast, naming what is missing.
import { existsSync, readFileSync } from 'node:fs';
import { environmentWithProfile, profileVariables, type TargetProfile } from './profile.js';

export interface Capabilities {
  /** The target serves the supplement's /sandbox/* triggers. */
  sandboxTriggers: boolean;
  /**
   * Triggers beyond the supplement's that the target declares it serves, named as this project's
   * sandbox names them (sandbox/README.md): `freeze` and `fail` (POST /sandbox/internal-accounts/{id}/freeze,
   * /fail), `liveness` (POST /sandbox/external-accounts/{id}/liveness). A declared trigger must work.
   */
  stateTriggers: string[];
  /** Bound (ms) within which the target retries a failed delivery; absent: unknown, a missing retry is a skip. */
  webhookRetryWithinMs?: number;
  /** The target's Bitcoin-keyed wallet account type, if it has one. */
  bitcoinWalletType?: string;
  /** Address forms the target accepts for that type: p2pkh-uncompressed, p2pkh, p2sh-p2wpkh, p2wpkh, spark. */
  bitcoinAddressForms: string[];
  /** The platform is subject to counterparty rules (self-custody wallets need ownershipType and verification). */
  counterpartyRules: boolean;
  /** Deadline for an event the scenario caused. */
  eventTimeoutMs: number;
  /** Quiet period after a complete event sequence before it is judged (default 200 ms). */
  eventQuietMs: number;
  /** Longest a single scenario may wait on the target's own clock (challenge expiry, provisioning). */
  waitBudgetMs: number;
  /** The target lets the platform unset webhookEndpoint with null. */
  canUnsetWebhookEndpoint: boolean;
  /** Failure reason -> last three digits of a destination identifier that make an outgoing payment fail so. */
  failureTriggers: Record<string, string>;
  /** Last three digits of a destination identifier that make an outgoing payment wait held (pendingReason). */
  holdTrigger?: string;
  /** A customer region where Strong Customer Authentication applies, and the target's test code for it. */
  sca?: { region: string; code: string };
  /** The target's limits in US cents, where declared: single transaction, daily volume, unverified-wallet threshold. */
  limits: { singleUsdCents?: number; dailyUsdCents?: number; verificationThresholdUsdCents?: number };
  /** Last three digits of an account number that the target refuses at create with 400 INVALID_BANK_ACCOUNT. */
  invalidBankAccountTrigger?: string;
  /** The target offers POST /sandbox/sca/factors/reset/{resetId}/liveness {result} to drive a 2FA reset's liveness review. */
  scaResetTrigger: boolean;
  /** Last three digits of a destination identifier that make an outgoing payment fail and its refund fail too (supplement: 007). */
  refundFailureTrigger?: string;
  /**
   * Sender UMA addresses (POST /sandbox/uma/receive) whose incoming payment, once approved, fails and is
   * returned: the refund completes, or the refund fails.
   */
  incomingRefundSenders?: { completed: string; failed: string };
  /** How long a card whose platformCardId ends 005 stays PROCESSING before it becomes ACTIVE (supplement: ~30 s). */
  cardActivationDelayMs?: number;
  /** Last three digits of a platformCardId that hold a new card in PENDING_KYC (the supplement names no way in). */
  cardPendingKycTrigger?: string;
  /** A currency besides USD whose internal account may fund the same card (two sources of one cardholder). */
  cardSecondFundingCurrency?: string;
  /** How long an incoming payment answered 202 waits for approve or reject before it is auto-rejected (supplement: 5 s). */
  incomingApprovalWindowMs: number;
  /** Longest a fee configuration change takes to show in GET /exchange-rates (interface, Limits: rates cached about 5 minutes, fees included). */
  rateFeeChangeMs: number;
  /** Customers, KYC, internal accounts: what the target declares where the documents leave it open (supplement 28). */
  customerTriggers: CustomerTriggers;
  /** The first retry of a failed delivery waits at least this long (ms), each next one at least twice the one before. */
  webhookRetryBaseMs?: number;
  /** The target serves POST /sandbox/webhooks/verify-signature {payload} with X-Svc-Signature: 401 INVALID_SIGNATURE when it does not verify. */
  webhookSignatureCheck: boolean;
  /** Last three digits of a destination identifier that POST /quotes refuses with 403 COUNTERPARTY_NOT_ALLOWED. */
  counterpartyNotAllowedTrigger?: string;
  /** The target serves POST /sandbox/quotes/{quoteId}/server-error {code}: that quote's next execute answers 500 with the code. */
  serverErrorTrigger: boolean;
  /** Quotes one customer may create within windowMs before POST /quotes answers 403 VELOCITY_LIMIT_EXCEEDED. */
  velocityLimit?: { count: number; windowMs: number };
  /** Stablecoins: what the target declares where supplement 22 and 28 leave it open. */
  stablecoins: StablecoinDeclarations;
  /** UMA error code -> a receiver address whose lookup answers it (supplement 28: no such address is given). */
  umaLookupTriggers: Record<string, string>;
  /** UMA error code -> a receiver address whose lookup succeeds and whose quote with that lookupId answers it. */
  umaQuoteTriggers: Record<string, string>;
  /** A receiver address whose counterparty signs its lnurlp answer with another key than the published one, and the code the target declares for it. */
  umaLookupSignatureTrigger?: { code: string; address: string };
  /** The target offers POST /sandbox/invitations/configuration {configured} (a platform without invitations). */
  invitationsSwitch: boolean;
  /** How long an UMA lookup id stays usable by a quote, where the target declares it. */
  umaLookupTtlMs?: number;
  /**
   * The target serves POST /sandbox/customers/{customerId}/embedded-wallet: an EMBEDDED_WALLET account for the
   * customer, starting with an EMAIL_OTP credential (the documents name no way to create one, supplement 6 and 17).
   */
  embeddedWalletTrigger: boolean;
  /** An email domain that makes an embedded-wallet customer's email change answer 424 EMAIL_OTP_CREDENTIAL_SYNC_FAILED. */
  walletSyncFailureEmailDomain?: string;
}

export interface StablecoinDeclarations {
  /** The value of the vendor enum `provider` the target links (the supplement does not reproduce it); absent: the stablecoin scenarios skip. */
  provider?: string;
  /**
   * The target serves POST /sandbox/stablecoin-provider-accounts/{stablecoinProviderAccountId}/status {status}
   * and /outage {unavailable},
   * POST /sandbox/stablecoin-operations/{stablecoinOperationId}/advance {outcome?} and /expire, and registers
   * any token identifier.
   */
  triggers: boolean;
  /** The target accepts the reserved mint funding sources SVC_INTERNAL_ACCOUNT and PROVIDER_INTERNAL_BALANCE. */
  reservedSources: boolean;
  /** Whether the target offers the reserved burn source SVC_INTERNAL_ACCOUNT {accountId}; undefined: not declared (the scenario skips). */
  burnInternalAccountSource?: boolean;
}

/** The quiet period after a complete event sequence when the target declares none. */
const DEFAULT_EVENT_QUIET_MS = 200;

/** The supplement's card activation delay for platformCardId 005 ("ACTIVE after ~30 s"), with a margin. */
const SUPPLEMENT_CARD_ACTIVATION_MS = 30_000;

function senders(completed: string | undefined, failed: string | undefined): Capabilities['incomingRefundSenders'] {
  return completed && failed ? { completed, failed } : undefined;
}

export interface CustomerTriggers {
  /** A region where POST /customers without email and phoneNumber answers 400 MISSING_MANDATORY_USER_INFO. */
  mandatoryUserInfoRegion?: string;
  /** A region whose customers' provider requires contact verification, and the target's test code. */
  contactVerification?: { region: string; code: string };
  /** Document rejection code -> last three characters of documentNumber that make POST/PUT /documents refuse with it. */
  documentRejections: Record<string, string>;
  /** An open RESOLVE_ERRORS verification whose gaps are all resolved becomes READY_FOR_VERIFICATION (with its event). */
  verificationReadyWhenResolved: boolean;
  /** The fullName magic of supplement 5 (001 PENDING, 002 REJECTED) also decides a verification of a customer renamed after creation. */
  kycNameMagicAtVerification: boolean;
  /** File-name suffix of a bulk upload that waits PENDING until POST /sandbox/customers/bulk/jobs/{jobId}/process. */
  bulkHoldSuffix?: string;
  /** A bulk upload job in which no row becomes a customer ends FAILED (BULK_UPLOAD.FAILED). */
  bulkFailedWhenNoRowSucceeds: boolean;
  /** The CSV column whose value names a failed row (errors[].correlationId) of a bulk upload job. */
  bulkCorrelationColumn?: string;
  /** A target trigger that completes a manual review: POST /sandbox/verifications/{verificationId}/review {outcome: APPROVED|REJECTED}. */
  manualReviewTrigger: boolean;
  /** A business verified with a PENDING beneficial owner (lastName ending 001) goes PENDING_MANUAL_REVIEW, kybStatus PENDING. */
  kybPendingWhenOwnerPending: boolean;
  /** Suffix of platformCustomerId whose internal accounts stay PENDING until a trigger activates or fails them. */
  provisioningHoldSuffix?: string;
  /** /sandbox/internal-accounts/{accountId}/<name> triggers the target serves: activate, fail, close, funding-instructions. */
  internalAccountTriggers: string[];
  /** Currencies of the platform's own internal accounts (GET /platform/internal-accounts). */
  platformAccountCurrencies: string[];
  /** POST /quotes converting between fiat and crypto for a customer whose KYC is not APPROVED answers 403 USER_NOT_READY. */
  userNotReadyOnRampQuote: boolean;
  /** An individual named ...003 is found RESOLVE_ERRORS (POOR_QUALITY_DOCUMENT) in review after IN_PROGRESS; a re-upload and POST /verifications submit it again. */
  verificationReviewFindings: boolean;
}

function customerTriggers(env: NodeJS.ProcessEnv, dflt: Partial<CustomerTriggers> = {}): CustomerTriggers {
  const cvRegion = env.SVC_CONTACT_VERIFICATION_REGION ?? dflt.contactVerification?.region;
  return {
    mandatoryUserInfoRegion: env.SVC_MISSING_MANDATORY_INFO_REGION ?? dflt.mandatoryUserInfoRegion,
    contactVerification: cvRegion ? { region: cvRegion, code: env.SVC_CONTACT_VERIFICATION_CODE ?? dflt.contactVerification?.code ?? '123456' } : undefined,
    documentRejections: triggers(env.SVC_DOCUMENT_REJECTION_TRIGGERS, dflt.documentRejections ?? {}, /^[A-Za-z0-9]{3}$/),
    verificationReadyWhenResolved: truthy(env.SVC_VERIFICATION_READY_WHEN_RESOLVED, dflt.verificationReadyWhenResolved ?? false),
    kybPendingWhenOwnerPending: truthy(env.SVC_KYB_PENDING_WHEN_OWNER_PENDING, dflt.kybPendingWhenOwnerPending ?? false),
    kycNameMagicAtVerification: truthy(env.SVC_KYC_NAME_MAGIC_AT_VERIFICATION, dflt.kycNameMagicAtVerification ?? false),
    manualReviewTrigger: truthy(env.SVC_MANUAL_REVIEW_TRIGGER, dflt.manualReviewTrigger ?? false),
    bulkHoldSuffix: env.SVC_BULK_HOLD_SUFFIX || dflt.bulkHoldSuffix,
    bulkFailedWhenNoRowSucceeds: truthy(env.SVC_BULK_FAILED_WHEN_NO_ROW_SUCCEEDS, dflt.bulkFailedWhenNoRowSucceeds ?? false),
    bulkCorrelationColumn: env.SVC_BULK_CORRELATION_COLUMN || dflt.bulkCorrelationColumn,
    provisioningHoldSuffix: env.SVC_PROVISIONING_HOLD_SUFFIX || dflt.provisioningHoldSuffix,
    internalAccountTriggers: list(env.SVC_INTERNAL_ACCOUNT_TRIGGERS, dflt.internalAccountTriggers ?? []),
    platformAccountCurrencies: list(env.SVC_PLATFORM_ACCOUNT_CURRENCIES, dflt.platformAccountCurrencies ?? []),
    userNotReadyOnRampQuote: truthy(env.SVC_USER_NOT_READY_ON_RAMP_QUOTE, dflt.userNotReadyOnRampQuote ?? false),
    verificationReviewFindings: truthy(env.SVC_VERIFICATION_REVIEW_FINDINGS, dflt.verificationReviewFindings ?? false),
  };
}

/** The supplement's magic destination suffixes whose failure reason it states or implies (section 8). */
const SUPPLEMENT_FAILURE_TRIGGERS = { QUOTE_EXECUTION_FAILED: '002', PAYOUT_RETURNED: '005' };

function triggers(v: string | undefined, dflt: Record<string, string>, form = /^\d{3}$/): Record<string, string> {
  if (!v) return dflt;
  return Object.fromEntries(v.split(',').map((pair) => pair.split('=').map((x) => x.trim()) as [string, string]).filter(([k, d]) => k && form.test(d ?? '')));
}

/** `CODE=address` (one pair), or undefined when absent or malformed. */
function codeAddress(v: string | undefined): { code: string; address: string } | undefined {
  const [code, address] = (v ?? '').split('=').map((x) => x.trim());
  return code && /^[A-Z_]+$/.test(code) && UMA_ADDRESS.test(address ?? '') ? { code, address } : undefined;
}

function limits(env: NodeJS.ProcessEnv, dflt: Capabilities['limits']): Capabilities['limits'] {
  return {
    singleUsdCents: num('SVC_LIMIT_SINGLE_USD_CENTS', env.SVC_LIMIT_SINGLE_USD_CENTS, dflt.singleUsdCents),
    dailyUsdCents: num('SVC_LIMIT_DAILY_USD_CENTS', env.SVC_LIMIT_DAILY_USD_CENTS, dflt.dailyUsdCents),
    verificationThresholdUsdCents: num('SVC_LIMIT_VERIFICATION_USD_CENTS', env.SVC_LIMIT_VERIFICATION_USD_CENTS, dflt.verificationThresholdUsdCents),
  };
}

function velocity(env: NodeJS.ProcessEnv): Capabilities['velocityLimit'] {
  const count = num('SVC_LIMIT_VELOCITY_COUNT', env.SVC_LIMIT_VELOCITY_COUNT);
  const windowMs = num('SVC_LIMIT_VELOCITY_WINDOW_MS', env.SVC_LIMIT_VELOCITY_WINDOW_MS);
  // Half a declaration would be read as none, and the scenarios would then send one customer more
  // quotes than the count it names (helpers/flows/transfers.ts withinVelocity): refused at once.
  if ((count === undefined) !== (windowMs === undefined)) {
    throw new SettingsError(`SVC_LIMIT_VELOCITY_COUNT and SVC_LIMIT_VELOCITY_WINDOW_MS declare the velocity together; only ${count === undefined ? 'SVC_LIMIT_VELOCITY_WINDOW_MS' : 'SVC_LIMIT_VELOCITY_COUNT'} is set`);
  }
  return count !== undefined && windowMs !== undefined ? { count, windowMs } : undefined;
}

export type TargetSettings =
  | { mode: 'embedded'; faults: string[]; listenerHttps: boolean; capabilities: Capabilities }
  | {
      mode: 'container';
      image: string;
      port: number;
      /** How the container reaches the host (the listener): host.containers.internal (Podman) or host.docker.internal. */
      hostGateway: string;
      listenerHttps: true;
      capabilities: Capabilities;
    }
  | {
      mode: 'external';
      baseUrl: string;
      clientId: string;
      clientSecret: string;
      webhookPublicKeyPem: string;
      webhookPublicUrl?: string;
      listenerHttps: boolean;
      capabilities: Capabilities;
    };

export class SettingsError extends Error {}

const UMA_ADDRESS = /^\$[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const ALL_FORMS = ['p2pkh-uncompressed', 'p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'spark'];
const list = (v: string | undefined, dflt: string[]) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : dflt);

const truthy = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v));
const num = (name: string, v: string | undefined, dflt?: number): number | undefined => {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new SettingsError(`${name} must be a non-negative number, got ${JSON.stringify(v)}`);
  return n;
};

/** Decimal digits only: Number() would also take '1e0', '0x10', ' 3' or '3.0', which no one means as a seed. */
const positiveInteger = (name: string, v: string | undefined, max: number): number | undefined => {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!/^[0-9]+$/.test(v) || n < 1 || n > max) throw new SettingsError(`${name} must be a whole number from 1 to ${max}, got ${JSON.stringify(v)}`);
  return n;
};

/**
 * Generated requests per field rule and per valid variant (helpers/requests/check.ts) where
 * SVC_RULE_RUNS does not say: one in an embedded run, which keeps to the developers' time budget (each
 * run's seed draws other requests, so runs sample the rules anew); three against a container or an
 * external target, whose runs have no such budget.
 */
export const DEFAULT_RULE_RUNS: Record<TargetSettings['mode'], number> = { embedded: 1, container: 3, external: 3 };

/** The run's generated data: its seed (SVC_SEED, else `draw()`) and the requests per rule (SVC_RULE_RUNS, else DEFAULT_RULE_RUNS). */
export function generationSettings(env: NodeJS.ProcessEnv, mode: TargetSettings['mode'], draw: () => number): { seed: number; ruleRuns: number } {
  return {
    seed: positiveInteger('SVC_SEED', env.SVC_SEED, 2 ** 31 - 1) ?? draw(),
    // At most five: a valid variant sends SVC_RULE_RUNS + 1 requests, and a scenario has 60 s (vitest.config.ts). At five the
    // longest field-rule scenario took 4.8 s against the embedded sandbox; per-customer allowances are met by `rotating` (helpers/requests/rotating.ts).
    ruleRuns: positiveInteger('SVC_RULE_RUNS', env.SVC_RULE_RUNS, 5) ?? DEFAULT_RULE_RUNS[mode],
  };
}

/** PEM text, or the path of a file holding it. */
export function readPem(name: string, value: string): string {
  const text = value.includes('-----BEGIN') ? value : existsSync(value) ? readFileSync(value, 'utf8') : undefined;
  if (!text || !text.includes('-----BEGIN PUBLIC KEY-----')) {
    throw new SettingsError(`${name} must be a PEM public key (text or file path); got neither`);
  }
  return text.replace(/\\n/g, '\n');
}

/**
 * The embedded sandbox's capabilities: what its profile declares, single SVC_* variables winning,
 * with the short timings of a sandbox in the same process.
 */
function embeddedCapabilities(env: NodeJS.ProcessEnv, profile: TargetProfile | undefined): Capabilities {
  return profileCapabilities(env, profile, { eventTimeoutMs: 8000, waitBudgetMs: 20_000 });
}

/**
 * The capabilities a target's own profile declares (the embedded sandbox's, or the one a container
 * image prints), single SVC_* variables winning; a variable set empty declares the capability absent.
 */
export function profileCapabilities(env: NodeJS.ProcessEnv, profile: TargetProfile | undefined, timings: { eventTimeoutMs: number; waitBudgetMs: number }): Capabilities {
  const declared: NodeJS.ProcessEnv = profile ? profileVariables(profile) : {};
  // A variable set empty declares the capability absent (SVC_HOLD_TRIGGER= : no hold trigger).
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('SVC_') || value === undefined) continue;
    if (value === '') delete declared[name];
    else declared[name] = value;
  }
  return declaredCapabilities(declared, timings);
}

/** What a target that the harness did not build offers, as its operator declares it (README). */
function declaredCapabilities(env: NodeJS.ProcessEnv, timings: { eventTimeoutMs: number; waitBudgetMs: number }): Capabilities {
  return {
    sandboxTriggers: truthy(env.SVC_SANDBOX_TRIGGERS, true),
    stateTriggers: list(env.SVC_STATE_TRIGGERS, []),
    webhookRetryWithinMs: num('SVC_WEBHOOK_RETRY_WITHIN_MS', env.SVC_WEBHOOK_RETRY_WITHIN_MS),
    bitcoinWalletType: env.SVC_BITCOIN_WALLET_TYPE || undefined,
    bitcoinAddressForms: list(env.SVC_BITCOIN_ADDRESS_FORMATS, ALL_FORMS),
    counterpartyRules: truthy(env.SVC_COUNTERPARTY_RULES, true),
    eventTimeoutMs: num('SVC_EVENT_TIMEOUT_MS', env.SVC_EVENT_TIMEOUT_MS, timings.eventTimeoutMs)!,
    waitBudgetMs: num('SVC_WAIT_BUDGET_MS', env.SVC_WAIT_BUDGET_MS, timings.waitBudgetMs)!,
    eventQuietMs: num('SVC_EVENT_QUIET_MS', env.SVC_EVENT_QUIET_MS, DEFAULT_EVENT_QUIET_MS)!,
    canUnsetWebhookEndpoint: truthy(env.SVC_CAN_UNSET_WEBHOOK_ENDPOINT, true),
    failureTriggers: triggers(env.SVC_FAILURE_TRIGGERS, SUPPLEMENT_FAILURE_TRIGGERS),
    limits: limits(env, {}),
    sca: env.SVC_SCA_REGION ? { region: env.SVC_SCA_REGION, code: env.SVC_SCA_CODE ?? '123456' } : undefined,
    holdTrigger: env.SVC_HOLD_TRIGGER || undefined,
    invalidBankAccountTrigger: /^\d{3}$/.test(env.SVC_INVALID_BANK_ACCOUNT_TRIGGER ?? '') ? env.SVC_INVALID_BANK_ACCOUNT_TRIGGER : undefined,
    scaResetTrigger: truthy(env.SVC_SCA_RESET_TRIGGER, false),
    refundFailureTrigger: env.SVC_REFUND_FAILURE_TRIGGER || undefined,
    incomingRefundSenders: senders(env.SVC_INCOMING_REFUND_SENDER, env.SVC_INCOMING_REFUND_FAILED_SENDER),
    cardActivationDelayMs: num('SVC_CARD_ACTIVATION_DELAY_MS', env.SVC_CARD_ACTIVATION_DELAY_MS, SUPPLEMENT_CARD_ACTIVATION_MS),
    cardPendingKycTrigger: env.SVC_CARD_PENDING_KYC_TRIGGER || undefined,
    cardSecondFundingCurrency: env.SVC_CARD_SECOND_FUNDING_CURRENCY || undefined,
    incomingApprovalWindowMs: num('SVC_INCOMING_APPROVAL_WINDOW_MS', env.SVC_INCOMING_APPROVAL_WINDOW_MS, 5000)!,
    // Interface, Limits: "Exchange-rate cache age: about 5 minutes; rates include platform-specific fees" (a rate cached with its fee may keep it that long).
    rateFeeChangeMs: num('SVC_RATE_FEE_CHANGE_MS', env.SVC_RATE_FEE_CHANGE_MS, 330_000)!,
    customerTriggers: customerTriggers(env),
    webhookRetryBaseMs: num('SVC_WEBHOOK_RETRY_BASE_MS', env.SVC_WEBHOOK_RETRY_BASE_MS),
    webhookSignatureCheck: truthy(env.SVC_WEBHOOK_SIGNATURE_CHECK, false),
    counterpartyNotAllowedTrigger: /^\d{3}$/.test(env.SVC_COUNTERPARTY_NOT_ALLOWED_TRIGGER ?? '') ? env.SVC_COUNTERPARTY_NOT_ALLOWED_TRIGGER : undefined,
    serverErrorTrigger: truthy(env.SVC_SERVER_ERROR_TRIGGER, false),
    velocityLimit: velocity(env),
    stablecoins: {
      provider: env.SVC_STABLECOIN_PROVIDER || undefined,
      triggers: truthy(env.SVC_STABLECOIN_TRIGGERS, false),
      reservedSources: truthy(env.SVC_STABLECOIN_RESERVED_SOURCES, false),
      burnInternalAccountSource: env.SVC_STABLECOIN_BURN_INTERNAL_SOURCE === undefined || env.SVC_STABLECOIN_BURN_INTERNAL_SOURCE === '' ? undefined : truthy(env.SVC_STABLECOIN_BURN_INTERNAL_SOURCE, false),
    },
    umaLookupTriggers: triggers(env.SVC_UMA_LOOKUP_TRIGGERS, {}, UMA_ADDRESS),
    umaQuoteTriggers: triggers(env.SVC_UMA_QUOTE_TRIGGERS, {}, UMA_ADDRESS),
    umaLookupSignatureTrigger: codeAddress(env.SVC_UMA_LOOKUP_SIGNATURE_TRIGGER),
    invitationsSwitch: truthy(env.SVC_INVITATIONS_SWITCH_TRIGGER, false),
    umaLookupTtlMs: num('SVC_UMA_LOOKUP_TTL_MS', env.SVC_UMA_LOOKUP_TTL_MS),
    embeddedWalletTrigger: truthy(env.SVC_EMBEDDED_WALLET_TRIGGER, false),
    walletSyncFailureEmailDomain: env.SVC_WALLET_SYNC_FAILURE_EMAIL_DOMAIN || undefined,
  };
}

/**
 * The target a run drives. `processEnv` may name a target profile (SVC_TARGET_PROFILE), whose values
 * the SVC_* variables override. `embeddedProfile` is what the embedded sandbox declares about itself
 * (sandbox/profile.ts, read by the global setup that boots it): its triggers and limits are not kept
 * here.
 */
export function resolveTargetSettings(processEnv: NodeJS.ProcessEnv = process.env, embeddedProfile?: TargetProfile): TargetSettings {
  const env = environmentWithProfile(processEnv);
  const external = env.SVC_BASE_URL;
  const listenerHttps = truthy(env.SVC_LISTENER_HTTPS, false);
  if (env.SVC_TARGET_IMAGE && external) throw new SettingsError('SVC_TARGET_IMAGE and SVC_BASE_URL are both set; choose one target');
  if (env.SVC_TARGET_IMAGE) {
    return {
      mode: 'container',
      image: env.SVC_TARGET_IMAGE,
      port: num('SVC_TARGET_PORT', env.SVC_TARGET_PORT, 4010)!,
      hostGateway: env.SVC_CONTAINER_HOST_GATEWAY || 'host.containers.internal',
      // The container reaches the listener over a network, so only HTTPS will do (interface: Events 1).
      listenerHttps: true,
      capabilities: declaredCapabilities(env, { eventTimeoutMs: 15_000, waitBudgetMs: 60_000 }),
    };
  }
  if (!external) {
    return {
      mode: 'embedded',
      faults: (env.SANDBOX_FAULTS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
      listenerHttps,
      capabilities: embeddedCapabilities(env, embeddedProfile),
    };
  }
  const missing = ['SVC_CLIENT_ID', 'SVC_CLIENT_SECRET', 'SVC_WEBHOOK_PUBLIC_KEY'].filter((n) => !env[n]);
  if (missing.length) {
    throw new SettingsError(`SVC_BASE_URL is set, so an external target is used; missing: ${missing.join(', ')}`);
  }
  let url: URL;
  try {
    url = new URL(external);
  } catch {
    throw new SettingsError(`SVC_BASE_URL is not a URL: ${JSON.stringify(external)}`);
  }
  if (!/\/\d{4}-\d{2}-\d{2}\/?$/.test(url.pathname)) {
    throw new SettingsError(`SVC_BASE_URL must end with the API version segment (for example /2025-10-13): ${external}`);
  }
  if (env.SVC_WEBHOOK_PUBLIC_URL && !/^https:\/\//.test(env.SVC_WEBHOOK_PUBLIC_URL)) {
    throw new SettingsError('SVC_WEBHOOK_PUBLIC_URL must be an https:// URL that forwards to the listener');
  }
  return {
    mode: 'external',
    baseUrl: external.replace(/\/$/, ''),
    clientId: env.SVC_CLIENT_ID!,
    clientSecret: env.SVC_CLIENT_SECRET!,
    webhookPublicKeyPem: readPem('SVC_WEBHOOK_PUBLIC_KEY', env.SVC_WEBHOOK_PUBLIC_KEY!),
    webhookPublicUrl: env.SVC_WEBHOOK_PUBLIC_URL || undefined,
    listenerHttps,
    capabilities: declaredCapabilities(env, { eventTimeoutMs: 30_000, waitBudgetMs: 120_000 }),
  };
}
