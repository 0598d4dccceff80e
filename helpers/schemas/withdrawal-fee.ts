// openapi.yaml, EstimateCryptoWithdrawalFeeResponse: the answer of POST /crypto/estimate-withdrawal-fee.
// Every member is required and an integer (smallest units) but networkFeeAsset, a string; the
// description fixes no value and no bound, so none is checked here.
import { z } from 'zod';

export const EstimateCryptoWithdrawalFeeResponse = z.looseObject({
  networkFee: z.number().int(),
  networkFeeAsset: z.string(),
  applicationFee: z.number().int(),
  totalFee: z.number().int(),
  netAmount: z.number().int(),
});
export type EstimateCryptoWithdrawalFeeResponse = z.infer<typeof EstimateCryptoWithdrawalFeeResponse>;
