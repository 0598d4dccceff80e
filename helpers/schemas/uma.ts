// basis: supplement (sections 11, 18, 19, 21): receiver lookups, UMA providers, invitations,
// discoveries and VASPs. Shapes are loose: fields beyond these are allowed.
import { z } from 'zod';
import { Currency, IsoUtc, Money } from './common.js';

/** Supplement 18: supportedCurrencies*[{currency*, estimatedExchangeRate*, min*, max*}]; the form of currency is not shown (a code or a Currency). */
export const SupportedCurrency = z.looseObject({
  currency: z.union([z.string().min(1), Currency]),
  estimatedExchangeRate: z.number().positive(),
  min: z.number().int().nonnegative(),
  max: z.number().int().nonnegative(),
});
export const codeOf = (c: z.infer<typeof SupportedCurrency>['currency']) => (typeof c === 'string' ? c : c.code);

const LookupBase = {
  lookupId: z.string().min(1),
  supportedCurrencies: z.array(SupportedCurrency),
  requiredPayerDataFields: z.array(z.looseObject({ name: z.string().min(1), mandatory: z.boolean() })).optional(),
};
/** GET /receiver/uma/{receiverUmaAddress} */
export const UmaLookup = z.looseObject({ ...LookupBase, receiverUmaAddress: z.string().min(1) });
/** GET /receiver/external-account/{externalAccountId}: accountId replaces receiverUmaAddress. */
export const AccountLookup = z.looseObject({ ...LookupBase, accountId: z.string().min(1) });

/** openapi.yaml, Currency: every member optional (the schema lists no required one). */
export const DescribedCurrency = z.looseObject({
  code: z.string().optional(),
  name: z.string().optional(),
  symbol: z.string().optional(),
  decimals: z.number().int().min(0).optional(),
});

/** GET /uma-providers items: openapi.yaml, UmaProvider (no member is required). */
export const UmaProvider = z.looseObject({
  name: z.string().optional(),
  supportedRegions: z.array(z.string()).optional(),
  domain: z.string().optional(),
  logoUrl: z.url().optional(),
  supportedCurrencies: z.array(DescribedCurrency).optional(),
  lei: z.string().optional(),
  allowListStatus: z.boolean().optional(),
});

/** Supplement 19: UmaInvitation. */
export const InvitationStatus = z.enum(['PENDING', 'CLAIMED', 'EXPIRED', 'CANCELLED']);
export const UmaInvitation = z.looseObject({
  code: z.string().min(1),
  createdAt: IsoUtc,
  claimedAt: IsoUtc.nullish(),
  url: z.string().min(1),
  expiresAt: IsoUtc.nullish(),
  inviterUma: z.string().min(1),
  inviteeUma: z.string().nullish(),
  status: InvitationStatus,
  firstName: z.string().nullish(),
  amountToSend: Money.nullish(),
});
export type UmaInvitation = z.infer<typeof UmaInvitation>;

/** Supplement 21: GET /discoveries: {data?[{bankName*, displayName*, country*, currency*}]}, unpaged. */
export const Discovery = z.looseObject({ bankName: z.string().min(1), displayName: z.string().min(1), country: z.string().min(1), currency: z.string().min(1) });
export const Discoveries = z.looseObject({ data: z.array(Discovery).optional() });

/** Supplement 1, 21: GET /vasps: {data*[{vaspName*, url?}], hasMore*, nextCursor?}, no totalCount. */
export const Vasp = z.looseObject({ vaspName: z.string().min(1), url: z.string().nullish() });
