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

/** Interface: "Money is an object {amount, currency}. amount is an integer in the smallest unit". */
export const Currency = z.looseObject({ code: z.string().min(1), decimals: z.number().int().min(0) });
export const BalanceCurrency = Currency.extend({ name: z.string(), symbol: z.string() });
export const Money = z.looseObject({ amount: z.number().int(), currency: Currency });
export const Balance = z.looseObject({ amount: z.number().int(), currency: BalanceCurrency });

/** Interface: platformFees is "money-like"; basis: supplement (section 8): "int64 in sending smallest unit". */
export const MoneyLike = z.union([Money, z.number().int()]);
export const amountOf = (m: z.infer<typeof MoneyLike>): number => (typeof m === 'number' ? m : m.amount);
