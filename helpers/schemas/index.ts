// The records most scenarios share, from one entry: the interface's primitives, errors, webhook
// deliveries, customers, accounts, cards, transactions, quotes and the platform configuration. Each
// is defined in the module of its concern beside this one; the schemas only one area reads are
// imported from that area's module.
export { amountOf, Balance, BalanceCurrency, Currency, IsoUtc, Money, MoneyLike, typedAnyId, typedId } from './common.js';
export { ErrorBody, FieldError } from './errors.js';
export { AnyDelivery, Envelope, TestDelivery, TestEvent, WebhookTestResult } from './webhooks.js';
export { Customer, EndUserTerms, KycStatus } from './customers.js';
export { InternalAccount } from './internal-accounts.js';
export {
  ACCOUNT_TYPES,
  BeneficiaryVerificationStatus,
  ExternalAccount,
  ExternalAccountStatus,
  LivenessChallenge,
  WalletSignatureChallenge,
} from './external-accounts.js';
export { Card, CardTransaction, SimulationAccepted } from './cards.js';
export {
  AnyTransaction,
  IncomingFailureReason,
  IncomingTransaction,
  OnChainTransaction,
  OUTGOING_STATUSES,
  OutgoingFailureReason,
  OutgoingStatus,
  OutgoingTransaction,
  Refund,
  REFUND_STATUS_NAMES,
  TransactionDestination,
  TransactionStatus,
} from './transactions.js';
export { Quote, QuoteStatus } from './quotes.js';
export { FeeConfig, PlatformConfig, PlatformSupportedCurrency } from './config.js';
export { ScaLoginResult } from './strong-customer-authentication.js';
/** basis: supplement (section 1): a list body {data[]*, hasMore*, nextCursor? (only if hasMore), totalCount?}. */
export { pageOf as Page } from './page.js';
export { EstimateCryptoWithdrawalFeeResponse } from './withdrawal-fee.js';
