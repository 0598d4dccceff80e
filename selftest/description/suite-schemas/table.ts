// Which suite schema reads which schema of the description. Each row is held to its schema both
// ways (./agreement.ts), and every example the description gives for that schema must parse.
// Webhook rows pair the envelope the listener reads with each event type's data schema.
import { z } from 'zod';
import * as agents from '../../../helpers/schemas/agents.js';
import * as cards from '../../../helpers/schemas/cards.js';
import * as config from '../../../helpers/schemas/config.js';
import * as customers from '../../../helpers/schemas/customers.js';
import * as errors from '../../../helpers/schemas/errors.js';
import { EVENT_DATA_SCHEMAS } from '../../../helpers/schemas/events.js';
import * as rates from '../../../helpers/schemas/exchange-rates.js';
import * as external from '../../../helpers/schemas/external-accounts.js';
import * as internal from '../../../helpers/schemas/internal-accounts.js';
import * as kyc from '../../../helpers/schemas/kyc.js';
import * as quotes from '../../../helpers/schemas/quotes.js';
import * as sca from '../../../helpers/schemas/strong-customer-authentication.js';
import * as stablecoins from '../../../helpers/schemas/stablecoins.js';
import * as transactions from '../../../helpers/schemas/transactions.js';
import * as uma from '../../../helpers/schemas/uma.js';
import * as wallet from '../../../helpers/schemas/wallet.js';
import { Envelope, TestDelivery, WebhookTestResult } from '../../../helpers/schemas/webhooks.js';
import { EstimateCryptoWithdrawalFeeResponse } from '../../../helpers/schemas/withdrawal-fee.js';

export interface Row {
  /** The suite schema's name, as its module exports it. */
  suite: string;
  schema: z.ZodType;
  /** The description's schema: a component name, or a pointer. */
  described: string;
  /** Branches of the description's schema no instance can meet, and why (the description's own contradiction). */
  unsatisfiable?: { count: number; why: string };
}

/** openapi.yaml: each PaymentInstructions member is built on BasePaymentAccountInfo, whose accountType enum lacks these members' own types. */
const UNREACHABLE_INSTRUCTIONS = { count: 20, why: "PaymentInstructions members whose accountType PaymentAccountType does not list (20 currencies' members: AED, BDT, BWP, CNY, EGP, GHS, GTQ, HTG, JMD, KES, MWK, PKR, RWF, SLV, TZS, UGX, XAF, XOF, ZAR, ZMW)" };

const row = (suite: string, schema: z.ZodType, described: string, unsatisfiable?: Row['unsatisfiable']): Row => ({ suite, schema, described, ...(unsatisfiable ? { unsatisfiable } : {}) });

/** A delivery of one event type as the listener reads it: the envelope, and the data schema of the type. */
const delivery = (type: string) => Envelope.extend({ type: z.literal(type), data: EVENT_DATA_SCHEMAS[type] });

export const ROWS: Row[] = [
  // Errors (interface, Errors; openapi.yaml Error400 and the other ErrorNNN).
  row('errors.FieldError', errors.FieldError, 'FieldError'),
  row('errors.FieldConstraint', errors.FieldConstraint, 'FieldConstraint'),
  ...['Error400', 'Error401', 'Error403', 'Error404', 'Error409', 'Error423', 'Error500', 'Error501'].map((e) => row('errors.ErrorBody', errors.ErrorBody, e)),
  // Platform configuration.
  row('config.PlatformConfig', config.PlatformConfig, 'PlatformConfig'),
  row('config.FeeConfig', config.FeeConfig, 'FeeConfig'),
  row('config.PlatformSupportedCurrency', config.PlatformSupportedCurrency, 'PlatformCurrencyConfig'),
  row('config.CardTokenization2faConfig', config.CardTokenization2faConfig, 'CardTokenization2FAConfig'),
  // Customers and KYC.
  row('customers.CustomerRecord', customers.CustomerRecord, 'CustomerOneOf'),
  row('customers.CustomerPage', customers.CustomerPage, 'CustomerListResponse'),
  row('customers.EndUserTerms', customers.EndUserTerms, 'EndUserTerms'),
  row('customers.KycLink', customers.KycLink, 'KycLinkResponse'),
  row('customers.BulkUploadAccepted', customers.BulkUploadAccepted, 'BulkCustomerImportJobAccepted'),
  row('customers.BulkUploadJob', customers.BulkUploadJob, 'BulkCustomerImportJob'),
  row('kyc.Verification', kyc.Verification, 'Verification'),
  row('kyc.VerificationPage', kyc.VerificationPage, 'VerificationListResponse'),
  row('kyc.Document', kyc.Document, 'Document'),
  row('kyc.DocumentPage', kyc.DocumentPage, 'DocumentListResponse'),
  row('kyc.BeneficialOwner', kyc.BeneficialOwner, 'BeneficialOwner'),
  row('kyc.BeneficialOwnerPage', kyc.BeneficialOwnerPage, 'BeneficialOwnerListResponse'),
  // Accounts.
  row('internal.InternalAccountRecord', internal.InternalAccountRecord, 'InternalAccount', UNREACHABLE_INSTRUCTIONS),
  row('internal.PlatformInternalAccounts', internal.PlatformInternalAccounts, 'PlatformInternalAccountListResponse', UNREACHABLE_INSTRUCTIONS),
  row('internal.FundingInstruction', internal.FundingInstruction, 'PaymentInstructions', UNREACHABLE_INSTRUCTIONS),
  row('external.ExternalAccount', external.ExternalAccount, 'ExternalAccount'),
  row('external.ExternalAccountPage', external.ExternalAccountPage, 'ExternalAccountListResponse'),
  row('external.WalletSignatureChallenge', external.WalletSignatureChallenge, 'WalletSignatureChallenge'),
  row('external.LivenessChallenge', external.LivenessChallenge, 'LivenessChallenge'),
  row('external.ScaChallenge', external.ScaChallenge, 'ScaChallenge'),
  row('external.TrustConfirmation', external.TrustConfirmation, 'BeneficiaryTrustConfirm'),
  row('external.TrustRequestResult', external.TrustRequestResult, 'BeneficiaryTrustStart'),
  // Cards.
  row('cards.CardWithReason', cards.CardWithReason, 'Card'),
  row('cards.CardTransaction', cards.CardTransaction, 'CardTransaction'),
  row('cards.CardReveal', cards.CardReveal, 'CardRevealResponse'),
  row('cards.SimulationAccepted', cards.SimulationAccepted, 'SandboxCardSimulationResponse'),
  // Transactions and quotes.
  row('transactions.OutgoingTransaction', transactions.OutgoingTransaction, 'OutgoingTransaction'),
  row('transactions.IncomingTransactionRecord', transactions.IncomingTransactionRecord, 'IncomingTransaction'),
  row('transactions.AnyTransaction', transactions.AnyTransaction, 'TransactionOneOf'),
  row('quotes.Quote', quotes.Quote, 'Quote'),
  row('rates.ExchangeRateList', rates.ExchangeRateList, 'ExchangeRateListResponse'),
  row('EstimateCryptoWithdrawalFeeResponse', EstimateCryptoWithdrawalFeeResponse, 'EstimateCryptoWithdrawalFeeResponse'),
  // UMA.
  row('uma.UmaLookup', uma.UmaLookup, 'ReceiverUmaLookupResponse'),
  row('uma.AccountLookup', uma.AccountLookup, 'ReceiverExternalAccountLookupResponse'),
  row('uma.UmaProvider', uma.UmaProvider, 'UmaProvider'),
  row('uma.UmaInvitation', uma.UmaInvitation, 'UmaInvitation'),
  row('uma.Discoveries', uma.Discoveries, 'DiscoveryListResponse'),
  row('uma.Vasp', uma.Vasp, 'Vasp'),
  // Embedded wallets and tokens.
  row('wallet.ApiToken', wallet.ApiToken, 'ApiToken'),
  row('wallet.ApiTokenPage', wallet.ApiTokenPage, 'TokenListResponse'),
  row('wallet.SignatureRequest', wallet.SignatureRequest, 'SignedRequestChallenge'),
  row('wallet.AuthSignatureRequest', wallet.AuthSignatureRequest, 'AuthSignedRequestChallenge'),
  row('wallet.AuthMethod', wallet.AuthMethod, 'AuthMethodResponse'),
  row('wallet.AuthMethodList', wallet.AuthMethodList, 'AuthCredentialListResponse'),
  row('wallet.AuthSession', wallet.AuthSession, 'AuthSession'),
  row('wallet.AuthSessionList', wallet.AuthSessionList, 'SessionListResponse'),
  row('wallet.WalletExport', wallet.WalletExport, 'InternalAccountExportResponse'),
  row('wallet.DelegatedKey', wallet.DelegatedKey, 'DelegatedKey'),
  row('wallet.DelegatedKeyList', wallet.DelegatedKeyList, 'DelegatedKeyListResponse'),
  row('wallet.PasskeyChallenge', wallet.PasskeyChallenge, 'PasskeyAuthChallenge'),
  row('wallet.OtpChallenge | wallet.PasskeyChallenge', z.union([wallet.OtpChallenge, wallet.PasskeyChallenge]), 'AuthCredentialResponseOneOf'),
  // Strong customer authentication.
  row('sca.ScaLoginResult', sca.ScaLoginResult, 'ScaLoginComplete'),
  row('sca.ScaFactorList', sca.ScaFactorList, 'ScaFactorList'),
  row('sca.TotpEnrollment', sca.TotpEnrollment, 'TotpEnrollmentStart'),
  row('sca.PasskeyEnrollment', sca.PasskeyEnrollment, 'PasskeyEnrollmentStart'),
  row('sca.TotpConfirmation', sca.TotpConfirmation, 'TotpEnrollmentConfirmResponse'),
  row('sca.PasskeyConfirmation', sca.PasskeyConfirmation, 'PasskeyEnrollmentConfirmResponse'),
  row('sca.RecordEventResult', sca.RecordEventResult, 'RecordSecurityEventResponse'),
  row('sca.FactorResetStarted', sca.FactorResetStarted, 'TwoFactorResetStart'),
  row('sca.FactorReset', sca.FactorReset, 'TwoFactorResetStatus'),
  // Agents.
  row('agents.Agent', agents.Agent, 'Agent'),
  row('agents.AgentPage', agents.AgentPage, 'AgentListResponse'),
  row('agents.AgentCreated', agents.AgentCreated, 'AgentCreateResponse'),
  row('agents.DeviceCode', agents.DeviceCode, 'AgentDeviceCode'),
  row('agents.DeviceCodeStatus', agents.DeviceCodeStatus, 'AgentDeviceCodeStatusResponse'),
  row('agents.Redeemed', agents.Redeemed, 'AgentDeviceCodeRedeemResponse'),
  row('agents.AgentAction', agents.AgentAction, 'AgentAction'),
  row('agents.AgentActionPage', agents.AgentActionPage, 'AgentActionListResponse'),
  row('agents.Policy', agents.Policy, 'AgentPolicy'),
  // Stablecoins.
  row('stablecoins.ProviderAccount', stablecoins.ProviderAccount, 'StablecoinProviderAccount'),
  row('stablecoins.Stablecoin', stablecoins.Stablecoin, 'Stablecoin'),
  row('stablecoins.StablecoinOperation', stablecoins.StablecoinOperation, 'StablecoinOperation'),
  row('stablecoins.FundingInstructions', stablecoins.FundingInstructions, 'StablecoinFundingInstructions'),
  row('stablecoins.ProviderAccountPage', stablecoins.ProviderAccountPage, 'StablecoinProviderAccountListResponse'),
  row('stablecoins.StablecoinPage', stablecoins.StablecoinPage, 'StablecoinListResponse'),
  row('stablecoins.OperationPage', stablecoins.OperationPage, 'StablecoinOperationListResponse'),
  // Webhooks: the test call's answer, the TEST delivery, and each event type's delivery.
  row('WebhookTestResult', WebhookTestResult, 'TestWebhookResponse'),
  row('TestDelivery', TestDelivery, 'TestWebhookRequest'),
];

/**
 * Each webhook schema of the description (by the event types its `type` lists) against what the
 * listener reads of a delivery of any of those types: the envelope, and the data schema of the type.
 */
export const webhookRows = (types: Record<string, string[]>): Row[] =>
  Object.entries(types).map(([component, list]) => {
    // A TEST delivery is read as TestDelivery (the listener's and expectNotification's reading), no envelope.
    const deliveries = list.map((t) => (t === 'TEST' ? TestDelivery : EVENT_DATA_SCHEMAS[t] ? delivery(t) : Envelope.extend({ type: z.literal(t) })));
    const schema = deliveries.length === 1 ? deliveries[0] : z.union(deliveries as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    // The internal account's events carry its funding instructions.
    return row(`deliveries of ${list.join(', ')}`, schema, component, component === 'InternalAccountStatusWebhook' ? UNREACHABLE_INSTRUCTIONS : undefined);
  });
