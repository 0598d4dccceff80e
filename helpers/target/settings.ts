// Which target a run drives: the SVC_* variables and the target profile read once into one typed
// object (the settings of registry.ts), and the capabilities the suites read from it. Incomplete
// settings fail fast, naming what is missing.
import { existsSync, readFileSync } from 'node:fs';
import { profileValue, readProfile, type TargetProfile } from './profile.js';
import { SETTINGS, SettingsError, settingDefault, type Mode, type Setting, type SettingName, type SettingValues } from './registry.js';

export { SettingsError } from './registry.js';

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
  /** Failure reason -> last three digits of a destination identifier that make an outgoing payment fail so. */
  failureTriggers: Record<string, string>;
  /** Last three digits of a destination identifier that make an outgoing payment wait held (pendingReason). */
  holdTrigger?: string;
  /** A customer region where Strong Customer Authentication applies, and the target's test code for it. */
  sca?: { region: string; code: string };
  /** A customer region outside SCA (SVC_OUTSIDE_SCA_REGION). */
  outsideScaRegion?: string;
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
  /** The target offers POST /sandbox/config/webhook-endpoint/unset (a platform without a webhookEndpoint). */
  webhookEndpointUnsetTrigger: boolean;
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
  /** The origin the target's embedded-wallet passkeys are registered for (its host the relying party id). */
  walletPasskeyOrigin?: string;
  /** An OIDC issuer the target takes for OAUTH credentials. */
  walletOauthIssuer?: string;
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
  /** An individual named ...003 is found RESOLVE_ERRORS (POOR_QUALITY_DOCUMENT), at the POST or in review after IN_PROGRESS; a re-upload and POST /verifications submit it again. */
  verificationReviewFindings: boolean;
}

export type TargetSettings = (
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
    }
) & {
  /** Every setting of the run, read once (resolveValues). */
  values: SettingValues;
};

/** What a run's variables and its profile file declare: the first two layers of resolveValues. */
export interface Declared {
  /** Each setting a variable set non-empty or the profile file declares, with its value. */
  values: Partial<Record<SettingName, unknown>>;
  /** Settings whose variable is set empty: the target's own declaration of them is left out. */
  emptied: SettingName[];
}

/** Where a run's settings come from, in the order they win. */
export interface SettingSources {
  /** The environment: a variable set non-empty wins over every profile. */
  env: NodeJS.ProcessEnv;
  /** The profile named by SVC_TARGET_PROFILE, and its folder (relative key paths are read from it). */
  file?: { profile: TargetProfile; dir: string };
  /** The variables and the profile file, already read (by `npm run conformance`, SVC_RESOLVED_SETTINGS): env and file are not read again. */
  declared?: Declared;
  /** What the target declares about itself (the embedded sandbox's profile, or the one an image prints); a variable set empty declares its setting absent. */
  own?: TargetProfile;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === '' || (Array.isArray(v) && v.length === 0) || (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

/** The run's mode from what is declared: an image, else a base URL, else the embedded sandbox. */
function modeOf(values: SettingValues): Mode {
  return values.targetImage ? 'container' : values.baseUrl ? 'external' : 'embedded';
}

/**
 * Every setting, once: a variable set non-empty wins, then the profile file, then the target's own
 * declaration (unless the variable is set empty), then the registry's default for the mode.
 * `defaults` stands in for the registry's default of single settings.
 */
export function resolveValues(sources: SettingSources, mode?: Mode, defaults: Partial<SettingValues> = {}): SettingValues {
  const { own } = sources;
  const layers = sources.declared ?? declaredSettings(sources);
  const declared: Record<string, unknown> = { ...layers.values };
  const emptied = new Set(layers.emptied);
  if (own) {
    for (const [name, s] of Object.entries(SETTINGS) as [SettingName, Setting<unknown>][]) {
      if (name in declared || emptied.has(name) || s.run) continue;
      const fromOwn = profileValue(name, own, {}, process.cwd());
      if (!isEmpty(fromOwn)) declared[name] = fromOwn;
    }
  }
  const values = declared as SettingValues;
  const m = mode ?? modeOf(values);
  for (const [name, s] of Object.entries(SETTINGS) as [SettingName, Setting<unknown>][]) {
    if (name in declared) continue;
    (values as Record<string, unknown>)[name] = name in defaults ? defaults[name] : settingDefault(s, m);
  }
  return values;
}

/** The settings a run's variables and its profile file declare (a variable set non-empty wins over the file). */
export function declaredSettings(sources: Pick<SettingSources, 'env' | 'file'>): Declared {
  const { env, file } = sources;
  const out: Declared = { values: {}, emptied: [] };
  for (const [name, s] of Object.entries(SETTINGS) as [SettingName, Setting<unknown>][]) {
    const raw = s.variable ? env[s.variable] : undefined;
    if (raw !== undefined && raw !== '') {
      // Text that declares nothing usable (a trigger of another form) declares the setting absent.
      out.values[name] = s.codec.parse(s.variable!, raw);
      if (out.values[name] === undefined) out.emptied.push(name);
      continue;
    }
    const fromFile = file ? profileValue(name, file.profile, env, file.dir) : undefined;
    if (!isEmpty(fromFile)) out.values[name] = fromFile;
    else if (raw === '') out.emptied.push(name);
  }
  return out;
}

/** The variable that hands a child process the settings its parent resolved. */
export const RESOLVED_SETTINGS = SETTINGS.resolvedSettings.variable!;

/** A secret's place in SVC_RESOLVED_SETTINGS: the variable that holds it, or the profile file (its member in clear). */
type SecretSource = { variable: string } | { profile: true };

/**
 * The settings declared, as SVC_RESOLVED_SETTINGS holds them for a child process: every value, but
 * for a secret the variable that holds it (the child inherits the environment), or the profile file
 * that holds it in clear (the child reads that one member from it), so that no secret is put into
 * the environment that was not there.
 */
export function resolvedSettingsText(sources: SettingSources, declared: Declared): string {
  const values: Record<string, unknown> = {};
  const secrets: Record<string, SecretSource> = {};
  for (const [name, value] of Object.entries(declared.values) as [SettingName, unknown][]) {
    const s: Setting<unknown> = SETTINGS[name];
    if (!s.secret) {
      values[name] = value;
      continue;
    }
    const named = s.path === 'credentials.clientSecret' ? sources.file?.profile.credentials?.clientSecretVariable : undefined;
    // Without the environment, profileValue gives the member in clear alone.
    const inFile = sources.file ? profileValue(name, sources.file.profile, {}, sources.file.dir) : undefined;
    if (s.variable && sources.env[s.variable]) secrets[name] = { variable: s.variable };
    else if (!isEmpty(inFile)) secrets[name] = { profile: true };
    else if (named) secrets[name] = { variable: named };
  }
  return JSON.stringify({ values, emptied: declared.emptied, secrets });
}

/** SVC_RESOLVED_SETTINGS read back: its secrets from the variables (or the profile file) it names. */
export function declaredFromText(text: string, env: NodeJS.ProcessEnv): Declared {
  const parsed = JSON.parse(text) as { values: Declared['values']; emptied: SettingName[]; secrets: Partial<Record<SettingName, SecretSource>> };
  const values = { ...parsed.values };
  let file: { profile: TargetProfile; dir: string } | undefined;
  for (const [name, source] of Object.entries(parsed.secrets) as [SettingName, SecretSource][]) {
    if ('variable' in source) values[name] = env[source.variable];
    else {
      file ??= readProfile(env.SVC_TARGET_PROFILE!);
      values[name] = profileValue(name, file.profile, {}, file.dir);
    }
  }
  return { values, emptied: parsed.emptied };
}

/**
 * The sources of a run: its environment and the profile SVC_TARGET_PROFILE names, read once. Under
 * `npm run conformance` they were read by the parent process, which hands them on (SVC_RESOLVED_SETTINGS).
 */
export function readSources(env: NodeJS.ProcessEnv = process.env): SettingSources {
  const resolved = env[RESOLVED_SETTINGS];
  if (resolved) return { env, declared: declaredFromText(resolved, env) };
  const path = env.SVC_TARGET_PROFILE;
  return { env, file: path ? readProfile(path) : undefined };
}

/**
 * Generated requests per field rule and per valid variant (helpers/field-rules/check.ts) where
 * SVC_RULE_RUNS does not say, per mode (registry.ts ruleRuns).
 */
export const DEFAULT_RULE_RUNS: Record<Mode, number> = {
  embedded: settingDefault(SETTINGS.ruleRuns, 'embedded')!,
  container: settingDefault(SETTINGS.ruleRuns, 'container')!,
  external: settingDefault(SETTINGS.ruleRuns, 'external')!,
};

/** The run's generated data: its seed (SVC_SEED, else `draw()`) and the requests per rule (SVC_RULE_RUNS, else its default for the mode). */
export function generationSettings(env: NodeJS.ProcessEnv, mode: TargetSettings['mode'], draw: () => number): { seed: number; ruleRuns: number } {
  const values = resolveValues({ env }, mode);
  return { seed: values.seed ?? draw(), ruleRuns: values.ruleRuns! };
}

/** PEM text, or the path of a file holding it. */
export function readPem(name: string, value: string): string {
  const text = value.includes('-----BEGIN') ? value : existsSync(value) ? readFileSync(value, 'utf8') : undefined;
  if (!text || !text.includes('-----BEGIN PUBLIC KEY-----')) {
    throw new SettingsError(`${name} must be a PEM public key (text or file path); got neither`);
  }
  return text.replace(/\\n/g, '\n');
}

/** The capabilities the suites read, from a run's settings. */
export function capabilitiesOf(v: SettingValues): Capabilities {
  // Half a declaration would be read as none, and the scenarios would then send one customer more
  // quotes than the count it names (helpers/flows/transfers.ts withinVelocity): refused at once.
  if ((v.velocityCount === undefined) !== (v.velocityWindowMs === undefined)) {
    throw new SettingsError(`SVC_LIMIT_VELOCITY_COUNT and SVC_LIMIT_VELOCITY_WINDOW_MS declare the velocity together; only ${v.velocityCount === undefined ? 'SVC_LIMIT_VELOCITY_WINDOW_MS' : 'SVC_LIMIT_VELOCITY_COUNT'} is set`);
  }
  return {
    sandboxTriggers: v.sandboxTriggers!,
    stateTriggers: v.stateTriggers!,
    webhookRetryWithinMs: v.webhookRetryWithinMs,
    bitcoinWalletType: v.bitcoinWalletType,
    bitcoinAddressForms: v.bitcoinAddressForms!,
    counterpartyRules: v.counterpartyRules!,
    eventTimeoutMs: v.eventTimeoutMs!,
    waitBudgetMs: v.waitBudgetMs!,
    eventQuietMs: v.eventQuietMs!,
    failureTriggers: v.failureTriggers!,
    limits: { singleUsdCents: v.limitSingleUsdCents, dailyUsdCents: v.limitDailyUsdCents, verificationThresholdUsdCents: v.limitVerificationUsdCents },
    sca: v.scaRegion ? { region: v.scaRegion, code: v.scaCode! } : undefined,
    outsideScaRegion: v.outsideScaRegion,
    holdTrigger: v.holdTrigger,
    invalidBankAccountTrigger: v.invalidBankAccountTrigger,
    scaResetTrigger: v.scaResetTrigger!,
    refundFailureTrigger: v.refundFailureTrigger,
    incomingRefundSenders: v.incomingRefundSender && v.incomingRefundFailedSender ? { completed: v.incomingRefundSender, failed: v.incomingRefundFailedSender } : undefined,
    cardActivationDelayMs: v.cardActivationDelayMs,
    cardPendingKycTrigger: v.cardPendingKycTrigger,
    incomingApprovalWindowMs: v.incomingApprovalWindowMs!,
    rateFeeChangeMs: v.rateFeeChangeMs!,
    customerTriggers: {
      mandatoryUserInfoRegion: v.mandatoryUserInfoRegion,
      contactVerification: v.contactVerificationRegion ? { region: v.contactVerificationRegion, code: v.contactVerificationCode! } : undefined,
      documentRejections: v.documentRejections!,
      verificationReadyWhenResolved: v.verificationReadyWhenResolved!,
      kybPendingWhenOwnerPending: v.kybPendingWhenOwnerPending!,
      kycNameMagicAtVerification: v.kycNameMagicAtVerification!,
      manualReviewTrigger: v.manualReviewTrigger!,
      bulkHoldSuffix: v.bulkHoldSuffix,
      bulkFailedWhenNoRowSucceeds: v.bulkFailedWhenNoRowSucceeds!,
      bulkCorrelationColumn: v.bulkCorrelationColumn,
      provisioningHoldSuffix: v.provisioningHoldSuffix,
      internalAccountTriggers: v.internalAccountTriggers!,
      platformAccountCurrencies: v.platformAccountCurrencies!,
      userNotReadyOnRampQuote: v.userNotReadyOnRampQuote!,
      verificationReviewFindings: v.verificationReviewFindings!,
    },
    webhookRetryBaseMs: v.webhookRetryBaseMs,
    webhookSignatureCheck: v.webhookSignatureCheck!,
    counterpartyNotAllowedTrigger: v.counterpartyNotAllowedTrigger,
    serverErrorTrigger: v.serverErrorTrigger!,
    velocityLimit: v.velocityCount !== undefined && v.velocityWindowMs !== undefined ? { count: v.velocityCount, windowMs: v.velocityWindowMs } : undefined,
    stablecoins: {
      provider: v.stablecoinProvider,
      triggers: v.stablecoinTriggers!,
      reservedSources: v.stablecoinReservedSources!,
      burnInternalAccountSource: v.stablecoinBurnInternalSource,
    },
    umaLookupTriggers: v.umaLookupTriggers!,
    umaQuoteTriggers: v.umaQuoteTriggers!,
    umaLookupSignatureTrigger: v.umaLookupSignatureTrigger,
    webhookEndpointUnsetTrigger: v.webhookEndpointUnsetTrigger!,
    invitationsSwitch: v.invitationsSwitch!,
    umaLookupTtlMs: v.umaLookupTtlMs,
    embeddedWalletTrigger: v.embeddedWalletTrigger!,
    walletSyncFailureEmailDomain: v.walletSyncFailureEmailDomain,
    walletPasskeyOrigin: v.walletPasskeyOrigin,
    walletOauthIssuer: v.walletOauthIssuer,
  };
}

/**
 * The capabilities a target's own profile declares (the embedded sandbox's, or the one a container
 * image prints), single SVC_* variables winning; a variable set empty declares the capability absent.
 * `timings` stands in for the registry's defaults of eventTimeoutMs and waitBudgetMs.
 */
export function profileCapabilities(env: NodeJS.ProcessEnv, profile: TargetProfile | undefined, timings: { eventTimeoutMs: number; waitBudgetMs: number }): Capabilities {
  return capabilitiesOf(resolveValues({ env, own: profile }, undefined, timings));
}

/** The target a run drives, from its settings (resolveValues). */
export function targetSettingsOf(values: SettingValues): TargetSettings {
  const mode = modeOf(values);
  if (values.targetImage && values.baseUrl) throw new SettingsError('SVC_TARGET_IMAGE and SVC_BASE_URL are both set; choose one target');
  if (mode === 'container') {
    return {
      mode,
      image: values.targetImage!,
      port: values.targetPort!,
      hostGateway: values.containerHostGateway!,
      // The container reaches the listener over a network, so only HTTPS will do (interface: Events 1).
      listenerHttps: true,
      capabilities: capabilitiesOf(values),
      values,
    };
  }
  if (mode === 'embedded') return { mode, faults: values.faults!, listenerHttps: values.listenerHttps!, capabilities: capabilitiesOf(values), values };
  const external = values.baseUrl!;
  const missing = (['clientId', 'clientSecret', 'webhookPublicKey'] as const).filter((n) => !values[n]).map((n) => SETTINGS[n].variable);
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
  if (values.webhookPublicUrl && !/^https:\/\//.test(values.webhookPublicUrl)) {
    throw new SettingsError('SVC_WEBHOOK_PUBLIC_URL must be an https:// URL that forwards to the listener');
  }
  return {
    mode,
    baseUrl: external.replace(/\/$/, ''),
    clientId: values.clientId!,
    clientSecret: values.clientSecret!,
    webhookPublicKeyPem: readPem('SVC_WEBHOOK_PUBLIC_KEY', values.webhookPublicKey!),
    webhookPublicUrl: values.webhookPublicUrl,
    listenerHttps: values.listenerHttps!,
    capabilities: capabilitiesOf(values),
    values,
  };
}

/**
 * The target a run drives. `processEnv` may name a target profile (SVC_TARGET_PROFILE), whose values
 * the SVC_* variables override. `embeddedProfile` is what the embedded sandbox declares about itself
 * (sandbox/profile.ts, read by the global setup that boots it); only an embedded run reads it.
 */
export function resolveTargetSettings(processEnv: NodeJS.ProcessEnv = process.env, embeddedProfile?: TargetProfile): TargetSettings {
  return targetSettingsFrom(readSources(processEnv), embeddedProfile);
}

/** As resolveTargetSettings, from sources already read. */
export function targetSettingsFrom(sources: SettingSources, embeddedProfile?: TargetProfile): TargetSettings {
  const declared = resolveValues(sources);
  if (modeOf(declared) !== 'embedded' || !embeddedProfile) return targetSettingsOf(declared);
  return targetSettingsOf(resolveValues({ ...sources, own: embeddedProfile }, 'embedded'));
}
