// The platform configuration and its fee configurations (interface: PATCH /config; description: PlatformConfig).
import { z } from 'zod';
import { CounterpartyFieldDefinition, CustomerInfoFieldName, IsoUtc, typedId } from './common.js';

/** Description: FeeConfig {feeType* (FeeType), sourceCurrency*, variableFeeBps* 0–10000, fixedFee* (FixedFee {amount* ≥ 0, currency*})}. */
export const FeeConfig = z.looseObject({
  feeType: z.enum(['CROSS_CURRENCY_TRANSACTION']),
  sourceCurrency: z.string(),
  variableFeeBps: z.int().min(0).max(10_000),
  fixedFee: z.looseObject({ amount: z.int().min(0), currency: z.string() }),
});
export type FeeConfig = z.infer<typeof FeeConfig>;

/**
 * Description: PlatformCurrencyConfig {currencyCode*, minAmount* and maxAmount* (integers ≥ 0),
 * requiredCounterpartyFields* (CounterpartyFieldDefinition), providerRequiredCustomerFields and
 * providerRequiredCounterpartyCustomerFields (CustomerInfoFieldName), enabledTransactionTypes* (INCOMING | OUTGOING)}.
 */
export const PlatformSupportedCurrency = z.looseObject({
  currencyCode: z.string(),
  minAmount: z.int().min(0),
  maxAmount: z.int().min(0),
  requiredCounterpartyFields: z.array(CounterpartyFieldDefinition),
  providerRequiredCustomerFields: z.array(CustomerInfoFieldName).optional(),
  providerRequiredCounterpartyCustomerFields: z.array(CustomerInfoFieldName).optional(),
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
/**
 * Description: EmbeddedWalletConfig, every member optional: appName ≤255, otpLength 4–12, alphanumeric,
 * expirationSeconds 1–86400, sendFromEmailAddress (email, ≤255), sendFromEmailSenderName ≤255,
 * replyToEmailAddress (email, ≤255), logoUrl (uri, ≤512).
 */
export const EmbeddedWalletConfig = z.looseObject({
  appName: z.string().max(255).optional(),
  otpLength: z.int().min(4).max(12).optional(),
  alphanumeric: z.boolean().optional(),
  expirationSeconds: z.int().min(1).max(86_400).optional(),
  sendFromEmailAddress: z.email().max(255).optional(),
  sendFromEmailSenderName: z.string().max(255).optional(),
  replyToEmailAddress: z.email().max(255).optional(),
  logoUrl: z.url().max(512).optional(),
});
/**
 * Description: PlatformConfig, every member optional. Interface, Resources: the id is
 * PlatformConfig:<uuid>, the timestamps UTC.
 */
export const PlatformConfig = z.looseObject({
  id: typedId('PlatformConfig').optional(),
  umaDomain: z.string().optional(),
  proxyUmaSubdomain: z.string().optional(),
  webhookEndpoint: z.string().optional(),
  supportedCurrencies: z.array(PlatformSupportedCurrency).optional(),
  isRegulatedFinancialInstitution: z.boolean().optional(),
  embeddedWalletConfig: EmbeddedWalletConfig.optional(),
  cardTokenization2faConfig: CardTokenization2faConfig.optional(),
  feeConfigs: z.array(FeeConfig).optional(),
  createdAt: IsoUtc.optional(),
  updatedAt: IsoUtc.optional(),
});
export type PlatformConfig = z.infer<typeof PlatformConfig>;
