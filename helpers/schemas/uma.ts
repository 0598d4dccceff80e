// Receiver lookups, UMA providers, invitations, discoveries and VASPs, as the description gives them.
import { z } from 'zod';
import { CounterpartyFieldDefinition, Currency, IsoUtc, Money } from './common.js';
import { pageWithoutTotalOf } from './page.js';

/** Description: CurrencyPreference {currency* (Currency), estimatedExchangeRate* > 0, min* > 0, max* > 0 (integers)}. */
export const SupportedCurrency = z.looseObject({
  currency: Currency,
  estimatedExchangeRate: z.number().positive(),
  min: z.int().positive(),
  max: z.int().positive(),
});
/** The code of a CurrencyPreference's currency (Currency.code is optional). */
export const codeOf = (c: z.infer<typeof Currency>) => c.code;

/** Description: ReceiverLookupResponse {supportedCurrencies*, requiredPayerDataFields (CounterpartyFieldDefinition), lookupId*}. */
const LookupBase = {
  lookupId: z.string(),
  supportedCurrencies: z.array(SupportedCurrency),
  requiredPayerDataFields: z.array(CounterpartyFieldDefinition).optional(),
};
/** Description: ReceiverUmaLookupResponse (GET /receiver/uma/{receiverUmaAddress}): the lookup and receiverUmaAddress*. */
export const UmaLookup = z.looseObject({ ...LookupBase, receiverUmaAddress: z.string() });
/** Description: ReceiverExternalAccountLookupResponse (GET /receiver/external-account/{externalAccountId}): the lookup and accountId*. */
export const AccountLookup = z.looseObject({ ...LookupBase, accountId: z.string() });

/** Description: Currency (./common.ts). */
export const DescribedCurrency = Currency;

/** Description: UmaProvider (no member is required). */
export const UmaProvider = z.looseObject({
  name: z.string().optional(),
  supportedRegions: z.array(z.string()).optional(),
  domain: z.string().optional(),
  logoUrl: z.url().optional(),
  supportedCurrencies: z.array(Currency).optional(),
  lei: z.string().optional(),
  allowListStatus: z.boolean().optional(),
});

/** Description: UmaInvitation {code*, createdAt*, claimedAt, url*, expiresAt, inviterUma*, inviteeUma, status*, firstName, amountToSend (CurrencyAmount)}; interface: timestamps in UTC. */
export const InvitationStatus = z.enum(['PENDING', 'CLAIMED', 'EXPIRED', 'CANCELLED']);
export const UmaInvitation = z.looseObject({
  code: z.string(),
  createdAt: IsoUtc,
  claimedAt: IsoUtc.optional(),
  url: z.string(),
  expiresAt: IsoUtc.optional(),
  inviterUma: z.string(),
  inviteeUma: z.string().optional(),
  status: InvitationStatus,
  firstName: z.string().optional(),
  amountToSend: Money.optional(),
});
export type UmaInvitation = z.infer<typeof UmaInvitation>;

/** Description: DiscoveryListResponse {data[{bankName*, displayName*, country*, currency*}]}, unpaged. */
export const Discovery = z.looseObject({ bankName: z.string(), displayName: z.string(), country: z.string(), currency: z.string() });
export const Discoveries = z.looseObject({ data: z.array(Discovery).optional() });

/** Description: Vasp {vaspName*, url (uri)}. */
export const Vasp = z.looseObject({ vaspName: z.string(), url: z.url().optional() });
/** Description: VaspListResponse {data* (Vasp), hasMore*, nextCursor}. */
export const VaspPage = pageWithoutTotalOf(Vasp);
