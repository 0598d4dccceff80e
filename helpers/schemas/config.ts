// The platform configuration and its fee configurations (interface: PATCH /config; supplement section 2).
import { z } from 'zod';
import { Currency, IsoUtc, typedId } from './common.js';

/** basis: supplement (section 2): FeeConfig {feeType* (CROSS_CURRENCY_TRANSACTION only), sourceCurrency* (USD only), variableFeeBps* 0–10000, fixedFee*}. */
export const FeeConfig = z.looseObject({
  feeType: z.literal('CROSS_CURRENCY_TRANSACTION'),
  sourceCurrency: z.literal('USD'),
  variableFeeBps: z.number().int().min(0).max(10_000),
  fixedFee: z.looseObject({ amount: z.number().int().min(0), currency: z.union([z.string().regex(/^[A-Z]{3}$/), Currency]) }),
});
export type FeeConfig = z.infer<typeof FeeConfig>;

/**
 * Interface: PATCH /config body fields webhookEndpoint (string URL), feeConfigs, cardTokenization2faConfig;
 * basis: supplement (section 2): PlatformConfig. The supplement stars no top-level field, so each is
 * optional; the starred fields of a supportedCurrencies entry (currencyCode*, minAmount*, maxAmount*,
 * requiredCounterpartyFields*[{name, mandatory}], enabledTransactionTypes*[INCOMING|OUTGOING]) are required.
 */
export const PlatformSupportedCurrency = z.looseObject({
  currencyCode: z.string().min(1),
  minAmount: z.number(),
  maxAmount: z.number(),
  requiredCounterpartyFields: z.array(z.looseObject({ name: z.string().min(1), mandatory: z.boolean() })),
  enabledTransactionTypes: z.array(z.enum(['INCOMING', 'OUTGOING'])),
});
export const PlatformConfig = z.looseObject({
  id: typedId('PlatformConfig').optional(),
  umaDomain: z.string().nullish(),
  webhookEndpoint: z.url().nullish(),
  supportedCurrencies: z.array(PlatformSupportedCurrency).optional(),
  isRegulatedFinancialInstitution: z.boolean().optional(),
  cardTokenization2faConfig: z.looseObject({}).nullish(),
  feeConfigs: z.array(FeeConfig).optional(),
  createdAt: IsoUtc.optional(),
  updatedAt: IsoUtc.optional(),
});
export type PlatformConfig = z.infer<typeof PlatformConfig>;
