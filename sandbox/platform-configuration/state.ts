// The platform's configuration (GET and PATCH /config, supplement 2): one record per sandbox, held on
// the context (ctx.config) because every area reads it (fees, the webhook endpoint, the UMA domain).
import { randomUUID } from 'node:crypto';

export interface PlatformConfig {
  id: string;
  umaDomain: string;
  webhookEndpoint: string | null;
  supportedCurrencies: unknown[];
  isRegulatedFinancialInstitution: boolean;
  /** Absent until a branding is set (the alternate's start); no request unsets it once set. */
  cardTokenization2faConfig?: CardBranding;
  feeConfigs: FeeConfig[];
  createdAt: string;
  updatedAt: string;
}

export interface FeeConfig {
  feeType: 'CROSS_CURRENCY_TRANSACTION';
  sourceCurrency: string;
  variableFeeBps: number;
  fixedFee: { amount: number; currency: string };
}

/** openapi.yaml, CardTokenization2FAConfig: {displayName?, logoUrl?, email?{…}, sms?{…}}, every member optional. */
export interface CardBranding {
  displayName?: string;
  logoUrl?: string;
  email?: Record<string, string>;
  sms?: Record<string, string>;
}

/**
 * The branding a new sandbox starts with: every member of CardTokenization2FAConfig set (this sandbox's
 * choice, sandbox/README.md). No request unsets a member (PATCH merges, and the description types each
 * a string), so a platform that changes any can always put back what it read.
 */
export function initialBranding(): CardBranding {
  return {
    displayName: 'Svc Sandbox',
    logoUrl: 'https://sandbox.uma.money/logo.png',
    email: {
      fromAddress: 'cards@sandbox.uma.money',
      fromName: 'Svc Sandbox Cards',
      replyToAddress: 'support@sandbox.uma.money',
      subject: 'Your card verification code',
      bodyText: 'Use this code to finish adding your card to your digital wallet.',
    },
    sms: { templateSid: 'HXsandbox', bodyText: 'Use this code to finish adding your card to your digital wallet.' },
  };
}

/**
 * The configuration a new sandbox starts with: no webhook endpoint, no fees, no currencies, the default
 * branding (the alternate: none, left out of GET /config until a PATCH sets one).
 */
export function initialConfig(now: string, withoutBranding = false): PlatformConfig {
  return {
    id: `PlatformConfig:${randomUUID()}`,
    umaDomain: 'sandbox.uma.money',
    webhookEndpoint: null,
    supportedCurrencies: [],
    isRegulatedFinancialInstitution: false,
    ...(withoutBranding ? {} : { cardTokenization2faConfig: initialBranding() }),
    feeConfigs: [],
    createdAt: now,
    updatedAt: now,
  };
}

/** openapi.yaml, PlatformConfig: webhookEndpoint is a string, left out while none is set (never null). */
export function presentConfig(config: PlatformConfig) {
  const { webhookEndpoint, ...rest } = config;
  return { ...rest, ...(webhookEndpoint ? { webhookEndpoint } : {}) };
}
