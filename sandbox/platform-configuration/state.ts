// The platform's configuration (GET and PATCH /config, supplement 2): one record per sandbox, held on
// the context (ctx.config) because every area reads it (fees, the webhook endpoint, the UMA domain).
import { randomUUID } from 'node:crypto';

export interface PlatformConfig {
  id: string;
  umaDomain: string;
  webhookEndpoint: string | null;
  supportedCurrencies: unknown[];
  isRegulatedFinancialInstitution: boolean;
  cardTokenization2faConfig: Record<string, unknown> | null;
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

/** The configuration a new sandbox starts with: no webhook endpoint, no fees, no currencies. */
export function initialConfig(now: string): PlatformConfig {
  return {
    id: `PlatformConfig:${randomUUID()}`,
    umaDomain: 'sandbox.uma.money',
    webhookEndpoint: null,
    supportedCurrencies: [],
    isRegulatedFinancialInstitution: false,
    cardTokenization2faConfig: null,
    feeConfigs: [],
    createdAt: now,
    updatedAt: now,
  };
}
