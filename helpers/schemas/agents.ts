// basis: supplement (sections 11 and 23): the records of agent management and agent operations.
// The interface names the areas and the Bearer scheme only; every shape here is the supplement's,
// starred fields required, the rest optional and open.
import { z } from 'zod';
import { IsoUtc, MoneyLike, typedId } from './common.js';
import { pageOf } from './page.js';

export const PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const ExecutionMode = z.enum(['AUTO', 'APPROVAL_REQUIRED']);

/** Amounts of the policy and usage: integers in the smallest unit (an amount may also come as Money). */
const Amount = MoneyLike;

export const Policy = z.looseObject({
  permissions: z.array(z.enum(PERMISSIONS)),
  defaultExecutionMode: ExecutionMode,
  spendingLimits: z.looseObject({
    currency: z.string().min(1),
    perTransactionLimit: Amount,
    dailyLimit: Amount.nullish(),
    dailyTransactionLimit: z.number().int().min(0).nullish(),
    monthlyLimit: Amount.nullish(),
  }),
  accountRestrictions: z
    .looseObject({
      allowedAccountIds: z.array(z.string()).nullish(),
      accountRules: z.array(z.looseObject({ accountId: z.string().min(1), executionMode: ExecutionMode.nullish(), perTransactionLimit: Amount.nullish() })).nullish(),
    })
    .nullish(),
  approvalThresholds: z.looseObject({ currency: z.string().min(1), amount: Amount.nullish() }).nullish(),
});
export type Policy = z.infer<typeof Policy>;

export const Agent = z.looseObject({
  id: typedId('Agent'),
  name: z.string().min(1),
  customerId: typedId('Customer'),
  isPaused: z.boolean(),
  isConnected: z.boolean(),
  policy: Policy,
  usage: z.looseObject({
    dailyTransactionCount: z.number().int().min(0),
    dailySpend: Amount,
    dailyResetDate: z.string().nullish(),
    monthlySpend: Amount,
    monthlyResetMonth: z.string().nullish(),
  }),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type Agent = z.infer<typeof Agent>;
export const AgentPage = pageOf(Agent);

export const DeviceCode = z.looseObject({ code: z.string().min(1), agentId: typedId('Agent'), expiresAt: IsoUtc, redeemed: z.boolean() });
export const AgentCreated = z.looseObject({ agent: Agent, deviceCode: DeviceCode });
export const DeviceCodeStatus = z.looseObject({ code: z.string().min(1), redeemed: z.boolean() });
export const Redeemed = z.looseObject({ agentId: typedId('Agent'), agentName: z.string().min(1), accessToken: z.string().min(1), policy: Policy });

export const ACTION_STATUSES = ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED'] as const;
export const AgentAction = z.looseObject({
  id: typedId('AgentAction'),
  agentId: typedId('Agent'),
  customerId: typedId('Customer'),
  platformCustomerId: z.string().min(1),
  status: z.enum(ACTION_STATUSES),
  type: z.enum(['EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN']),
  quote: z.looseObject({ id: typedId('Quote') }).nullish(),
  transferDetails: z
    .looseObject({ amount: Amount, currency: z.union([z.string().min(1), z.looseObject({ code: z.string().min(1) })]), sourceAccountId: z.string().min(1), destinationAccountId: z.string().min(1) })
    .nullish(),
  transaction: z.looseObject({ id: typedId('Transaction'), status: z.string().min(1) }).nullish(),
  rejectionReason: z.string().nullish(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type AgentAction = z.infer<typeof AgentAction>;
export const AgentActionPage = pageOf(AgentAction);
