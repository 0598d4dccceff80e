// The internal account: as the interface shows it (as seen in events), and, basis: supplement (sections 1
// and 6), its type and funding instructions and GET /platform/internal-accounts, which returns just {data}.
import { z } from 'zod';
import { Balance, IsoUtc, typedAnyId } from './common.js';
import { PAYMENT_INSTRUCTION_RAILS, withRequiredRails } from './payment-rails.js';

/**
 * Supplement 6: fundingPaymentInstructions* [{accountOrWalletInfo{accountType, …}, instructionsNotes?, isPlatformAccount?}];
 * openapi.yaml, PaymentInstructions (accountOrWalletInfo: Payment<Currency>AccountInfo): paymentRails required by type.
 */
export const FundingInstruction = z.looseObject({
  accountOrWalletInfo: withRequiredRails(z.looseObject({ accountType: z.string().min(1) }), PAYMENT_INSTRUCTION_RAILS, 'Payment<Currency>AccountInfo'),
  instructionsNotes: z.string().optional(),
  isPlatformAccount: z.boolean().optional(),
});

/** Interface, InternalAccount (as seen in events). */
export const InternalAccount = z.looseObject({
  id: typedAnyId('InternalAccount'),
  customerId: z.string().nullish(),
  // Interface: "seen INTERNAL_CRYPTO"; basis: supplement (section 6) for the whole enum.
  type: z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET']),
  status: z.enum(['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED']),
  balance: Balance,
  totalBalance: Balance,
  fundingPaymentInstructions: z.array(FundingInstruction),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type InternalAccount = z.infer<typeof InternalAccount>;

export const InternalAccountRecord = InternalAccount.extend({
  type: z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET']),
  fundingPaymentInstructions: z.array(FundingInstruction),
});
export type InternalAccountRecord = z.infer<typeof InternalAccountRecord>;

/** Supplement 1: "GET /platform/internal-accounts … return just {data}". */
export const PlatformInternalAccounts = z.strictObject({ data: z.array(InternalAccountRecord) });
