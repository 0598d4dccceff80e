// The interface's primitives every record is built of: timestamps, typed identifiers, money. Strict
// on what the interface states, open on what it leaves unshown (loose objects keep unknown keys);
// facts taken from the supplement are marked `basis: supplement`.
import { z } from 'zod';

/** Interface, Resources: "Timestamps are ISO 8601 strings in UTC." */
export const IsoUtc = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)$/, 'an ISO 8601 timestamp in UTC')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'a parseable date');

/** Interface, Resources: "Identifiers are strings of the form <TypeName>:<uuid>". */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
export const typedId = (typeName: string) =>
  z.string().regex(new RegExp(`^${typeName}:${UUID}$`), `an identifier of the form ${typeName}:<uuid>`);
/** InternalAccount and Webhook ids are `<TypeName>:<id>` in the interface, not necessarily a uuid. */
export const typedAnyId = (typeName: string) =>
  z.string().regex(new RegExp(`^${typeName}:.+$`), `an identifier of the form ${typeName}:<id>`);

/** Description: Currency {code, name, symbol, decimals (integer ≥ 0)}, every member optional. */
export const Currency = z.looseObject({ code: z.string().optional(), name: z.string().optional(), symbol: z.string().optional(), decimals: z.int().min(0).optional() });
/** Description: CurrencyAmount {amount* (integer, int64, in the smallest unit), currency* (Currency)}. */
export const Money = z.looseObject({ amount: z.int(), currency: Currency });
/** Description: InternalAccount's balance and totalBalance are a CurrencyAmount, its currency a Currency. */
export const BalanceCurrency = Currency;
export const Balance = Money;

/**
 * A Currency's code, or its decimals, where a scenario reads them: the description leaves both
 * optional, so a currency without the one read fails that scenario, saying which.
 */
export function currencyCode(c: z.infer<typeof Currency>): string {
  if (c.code === undefined) throw new Error(`Description: Currency.code is optional, and this scenario reads it; the currency gives none: ${JSON.stringify(c)}`);
  return c.code;
}
export function currencyDecimals(c: z.infer<typeof Currency>): number {
  if (c.decimals === undefined) throw new Error(`Description: Currency.decimals is optional, and this scenario reads it; the currency gives none: ${JSON.stringify(c)}`);
  return c.decimals;
}

/** Description: CustomerInfoFieldName. */
export const CustomerInfoFieldName = z.enum([
  'FULL_NAME', 'BIRTH_DATE', 'NATIONALITY', 'PHONE_NUMBER', 'EMAIL', 'POSTAL_ADDRESS', 'TAX_ID', 'REGISTRATION_NUMBER', 'USER_TYPE',
  'COUNTRY_OF_RESIDENCE', 'ACCOUNT_IDENTIFIER', 'FI_LEGAL_ENTITY_NAME', 'FI_ADDRESS', 'PURPOSE_OF_PAYMENT', 'ULTIMATE_INSTITUTION_COUNTRY',
  'IDENTIFIER', 'BUSINESS_TYPE', 'COMPANY_LEGAL_NAME', 'ID_TYPE', 'ID_NUMBER',
]);
/** Description: CounterpartyFieldDefinition {name* (CustomerInfoFieldName), mandatory*}. */
export const CounterpartyFieldDefinition = z.looseObject({ name: CustomerInfoFieldName, mandatory: z.boolean() });

/** Interface: platformFees is "money-like"; basis: supplement (section 8): "int64 in sending smallest unit". */
export const MoneyLike = z.union([Money, z.number().int()]);
export const amountOf = (m: z.infer<typeof MoneyLike>): number => (typeof m === 'number' ? m : m.amount);
