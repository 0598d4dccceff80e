// basis: supplement (sections 1 and 6): GET /platform/internal-accounts returns just {data}; the
// InternalAccount's type and funding instructions as the supplement gives them.
import { z } from 'zod';
import { InternalAccount } from '../schemas.js';

/** Supplement 6: fundingPaymentInstructions* [{accountOrWalletInfo{accountType, …}, instructionsNotes?, isPlatformAccount?}]. */
export const FundingInstruction = z.looseObject({
  accountOrWalletInfo: z.looseObject({ accountType: z.string().min(1) }),
  instructionsNotes: z.string().optional(),
  isPlatformAccount: z.boolean().optional(),
});

export const InternalAccountRecord = InternalAccount.extend({
  type: z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET']),
  fundingPaymentInstructions: z.array(FundingInstruction),
});
export type InternalAccountRecord = z.infer<typeof InternalAccountRecord>;

/** Supplement 1: "GET /platform/internal-accounts … return just {data}". */
export const PlatformInternalAccounts = z.strictObject({ data: z.array(InternalAccountRecord) });
