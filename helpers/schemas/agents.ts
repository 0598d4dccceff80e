// The records of agent management and agent operations. Each schema is the description's component
// it names; amounts of the policy and usage are integers in the smallest unit (AgentSpendingLimits).
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { pageOf } from './page.js';
import { Quote } from './quotes.js';
import { AnyTransaction } from './transactions.js';

/** Description: AgentPermission. */
export const PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'] as const;
export type Permission = (typeof PERMISSIONS)[number];
/** Description: AgentExecutionMode. */
export const ExecutionMode = z.enum(['AUTO', 'APPROVAL_REQUIRED']);

/** Description: AgentSpendingLimits. */
export const SpendingLimits = z.looseObject({
  currency: z.string(),
  perTransactionLimit: z.int(),
  dailyLimit: z.int().nullish(),
  dailyTransactionLimit: z.int().optional(),
  monthlyLimit: z.int().nullish(),
});

/** Description: AgentAccountRule. */
export const AccountRule = z.looseObject({
  accountId: z.string(),
  executionMode: ExecutionMode.optional(),
  perTransactionLimit: z.int().nullish(),
});

/** Description: AgentPolicy. */
export const Policy = z.looseObject({
  permissions: z.array(z.enum(PERMISSIONS)),
  defaultExecutionMode: ExecutionMode,
  spendingLimits: SpendingLimits,
  // Description: AgentAccountRestrictions.
  accountRestrictions: z.looseObject({ allowedAccountIds: z.array(z.string()).nullish(), accountRules: z.array(AccountRule).optional() }).optional(),
  // Description: AgentApprovalThresholds.
  approvalThresholds: z.looseObject({ currency: z.string().optional(), amount: z.int().nullish() }).optional(),
});
export type Policy = z.infer<typeof Policy>;

/** Description: AgentUsage. */
export const Usage = z.looseObject({
  dailyTransactionCount: z.int(),
  dailySpend: z.int(),
  dailyResetDate: z.iso.date().optional(),
  monthlySpend: z.int(),
  monthlyResetMonth: z.string().optional(),
});

/** Description: Agent. */
export const Agent = z.looseObject({
  id: typedId('Agent'),
  name: z.string(),
  customerId: typedId('Customer'),
  isPaused: z.boolean(),
  isConnected: z.boolean(),
  policy: Policy,
  usage: Usage,
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type Agent = z.infer<typeof Agent>;
/** Description: AgentListResponse. */
export const AgentPage = pageOf(Agent);

/** Description: AgentDeviceCode. */
export const DeviceCode = z.looseObject({ code: z.string(), agentId: typedId('Agent'), expiresAt: IsoUtc, redeemed: z.boolean() });
/** Description: AgentCreateResponse. */
export const AgentCreated = z.looseObject({ agent: Agent, deviceCode: DeviceCode });
/** Description: AgentDeviceCodeStatusResponse. */
export const DeviceCodeStatus = z.looseObject({ code: z.string(), redeemed: z.boolean() });
/** Description: AgentDeviceCodeRedeemResponse. */
export const Redeemed = z.looseObject({ agentId: typedId('Agent'), agentName: z.string(), accessToken: z.string(), policy: Policy });

/** Description: AgentActionStatus. */
export const ACTION_STATUSES = ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED'] as const;

/** Description: AgentTransferDetails. */
export const TransferDetails = z.looseObject({
  amount: z.int(),
  currency: z.string(),
  sourceAccountId: z.string(),
  destinationAccountId: z.string(),
});

/** Description: AgentAction; its quote a Quote (./quotes.ts), its transaction a TransactionOneOf (./transactions.ts). */
export const AgentAction = z.looseObject({
  id: typedId('AgentAction'),
  agentId: typedId('Agent'),
  customerId: typedId('Customer'),
  platformCustomerId: z.string(),
  status: z.enum(ACTION_STATUSES),
  // Description: AgentActionType.
  type: z.enum(['EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN']),
  quote: Quote.optional(),
  transferDetails: TransferDetails.optional(),
  transaction: AnyTransaction.optional(),
  rejectionReason: z.string().optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type AgentAction = z.infer<typeof AgentAction>;
/** Description: AgentActionListResponse. */
export const AgentActionPage = pageOf(AgentAction);
