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
/**
 * Description: CardTokenization2FAConfig, every member optional: displayName ≤255, logoUrl (uri,
 * ^https://, ≤512), email {fromAddress (email, ≤255), fromName ≤255, replyToAddress (email, ≤255),
 * subject ≤255, bodyText ≤2000}, sms {templateSid ≤64, bodyText ≤480}.
 */
export const CardTokenization2faConfig = z.looseObject({
  displayName: z.string().max(255).optional(),
  logoUrl: z.url().regex(/^https:\/\//).max(512).optional(),
  email: z.looseObject({
    fromAddress: z.email().max(255).optional(),
    fromName: z.string().max(255).optional(),
    replyToAddress: z.email().max(255).optional(),
    subject: z.string().max(255).optional(),
    bodyText: z.string().max(2000).optional(),
  }).optional(),
  sms: z.looseObject({ templateSid: z.string().max(64).optional(), bodyText: z.string().max(480).optional() }).optional(),
});
export const PlatformConfig = z.looseObject({
  id: typedId('PlatformConfig').optional(),
  umaDomain: z.string().nullish(),
  // Interface: webhookEndpoint a string URL; Description: PlatformConfig.webhookEndpoint a string (not nullable), left out when none is set.
  webhookEndpoint: z.url().optional(),
  supportedCurrencies: z.array(PlatformSupportedCurrency).optional(),
  isRegulatedFinancialInstitution: z.boolean().optional(),
  // Description: PlatformConfig.cardTokenization2faConfig is a CardTokenization2FAConfig (not nullable).
  cardTokenization2faConfig: CardTokenization2faConfig.optional(),
  feeConfigs: z.array(FeeConfig).optional(),
  createdAt: IsoUtc.optional(),
  updatedAt: IsoUtc.optional(),
});
export type PlatformConfig = z.infer<typeof PlatformConfig>;
