// Supplement section 23: an agent's policy (permissions, execution mode, spending limits, account
// restrictions, approval thresholds), its usage, and the decision an agent's money call gets:
// refused (403), held for the platform's approval, or executed at once.
import { z } from 'zod';
import { CURRENCIES } from '../currencies.js';
import { rate, rateSupported } from '../exchange-rates/state.js';
import { ApiError } from '../http/errors.js';
import { internalAccounts } from '../internal-accounts/state.js';
import type { SandboxContext } from '../context.js';

export const PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const Mode = z.enum(['AUTO', 'APPROVAL_REQUIRED']);
const Amount = z.number().int().min(0);
const Currency = z.string().refine(rateSupported, 'a currency this sandbox knows');
const SpendingLimits = z.object({
  currency: Currency,
  perTransactionLimit: Amount,
  dailyLimit: Amount.nullable().optional(),
  dailyTransactionLimit: z.number().int().min(0).nullable().optional(),
  monthlyLimit: Amount.nullable().optional(),
});
const AccountRestrictions = z.object({
  allowedAccountIds: z.array(z.string().min(1)).optional(),
  accountRules: z.array(z.object({ accountId: z.string().min(1), executionMode: Mode.optional(), perTransactionLimit: Amount.optional() })).optional(),
});
const ApprovalThresholds = z.object({ currency: Currency, amount: Amount.optional() });

export const PolicySchema = z.object({
  permissions: z.array(z.enum(PERMISSIONS)),
  defaultExecutionMode: Mode,
  spendingLimits: SpendingLimits,
  accountRestrictions: AccountRestrictions.optional(),
  approvalThresholds: ApprovalThresholds.optional(),
});
export type Policy = z.infer<typeof PolicySchema>;

/** PATCH /agents/{id}/policy: partial; permissions replaces; spendingLimits partial (null clears daily/monthly). */
const PolicyPatchFields = z
  .object({
    permissions: z.array(z.enum(PERMISSIONS)).optional(),
    defaultExecutionMode: Mode.optional(),
    spendingLimits: SpendingLimits.partial().optional(),
    accountRestrictions: AccountRestrictions.nullable().optional(),
    approvalThresholds: ApprovalThresholds.nullable().optional(),
  });
export const PolicyPatchSchema = PolicyPatchFields.refine((p) => Object.keys(p).length > 0, 'at least one policy field');
/** The alternate's PATCH body: an empty one is taken (it changes nothing). */
export const PolicyPatchAnySchema = PolicyPatchFields;
export type PolicyPatch = z.infer<typeof PolicyPatchFields>;

/** An amount in another currency, at the sandbox's rate of the moment (rounded half up). */
export function convert(ctx: SandboxContext, amount: number, from: string, to: string): number {
  if (from === to) return amount;
  const scale = 10 ** (CURRENCIES.get(to)!.decimals - CURRENCIES.get(from)!.decimals);
  return Math.round(amount * rate(ctx, from, to).value * scale);
}

export function applyPolicyPatch(ctx: SandboxContext, policy: Policy, patch: PolicyPatch): Policy {
  const next: Policy = { ...policy };
  // permissions replaces the list (supplement 23); the fault merges it into the old one.
  if (patch.permissions) next.permissions = [...new Set([...(ctx.faults.has('agent-policy-permissions-merged') ? policy.permissions : []), ...patch.permissions])];
  if (patch.defaultExecutionMode) next.defaultExecutionMode = patch.defaultExecutionMode;
  if (patch.spendingLimits) {
    const old = policy.spendingLimits;
    const currency = patch.spendingLimits.currency ?? old.currency;
    // A new currency recasts the limits it does not restate, at the sandbox's rate (sandbox/README.md).
    // The fault drops the limits a new currency does not restate, instead of recasting them.
    const recast = (v: number | null | undefined) => (v === null || v === undefined ? v : currency !== old.currency && ctx.faults.has('agent-policy-currency-drops-limits') ? undefined : convert(ctx, v, old.currency, currency));
    const limits = { ...old, currency, perTransactionLimit: recast(old.perTransactionLimit)!, dailyLimit: recast(old.dailyLimit), monthlyLimit: recast(old.monthlyLimit) };
    for (const [k, v] of Object.entries(patch.spendingLimits)) if (v !== undefined) (limits as Record<string, unknown>)[k] = v;
    // null clears a daily or monthly limit (supplement 23); the fault keeps the old value.
    for (const k of ['dailyLimit', 'dailyTransactionLimit', 'monthlyLimit'] as const) {
      if (limits[k] !== null) continue;
      if (ctx.faults.has('agent-policy-null-kept') || (k === 'monthlyLimit' && ctx.faults.has('agent-policy-monthly-null-kept'))) limits[k] = old[k];
      else delete limits[k];
    }
    next.spendingLimits = limits;
  }
  if (patch.accountRestrictions !== undefined) {
    if (patch.accountRestrictions === null) delete next.accountRestrictions;
    else next.accountRestrictions = patch.accountRestrictions;
  }
  if (patch.approvalThresholds !== undefined) {
    if (patch.approvalThresholds === null) delete next.approvalThresholds;
    else next.approvalThresholds = patch.approvalThresholds;
  }
  return next;
}

export interface Usage {
  /** The UTC day and month the counters count. */
  day: string;
  month: string;
  dailyTransactionCount: number;
  dailySpend: number;
  monthlySpend: number;
}

export function currentUsage(ctx: SandboxContext, usage: Usage): Usage {
  const today = new Date(ctx.clock.now()).toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  if (usage.month !== month) Object.assign(usage, { month, monthlySpend: 0 });
  if (usage.day !== today) Object.assign(usage, { day: today, dailyTransactionCount: 0, dailySpend: 0 });
  return usage;
}

export function presentUsage(ctx: SandboxContext, usage: Usage) {
  const u = currentUsage(ctx, usage);
  const next = new Date(`${u.day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return {
    dailyTransactionCount: u.dailyTransactionCount,
    dailySpend: u.dailySpend,
    dailyResetDate: next.toISOString().slice(0, 10),
    monthlySpend: u.monthlySpend,
    monthlyResetMonth: u.month,
  };
}

/** Supplement 28.2: the code of a policy or limit denial is not stated; this sandbox's (sandbox/README.md). */
export const denied = (message: string, details: Record<string, unknown>) => new ApiError(403, 'FORBIDDEN', message, details);
// The alternate answers the limits' refusals FORBIDDEN too, as every other policy denial.
const overLimit = (ctx: SandboxContext, message: string, details: Record<string, unknown>) =>
  new ApiError(403, ctx.choices.alternate('agent-limits-forbidden') ? 'FORBIDDEN' : 'VELOCITY_LIMIT_EXCEEDED', message, details);

export interface Spend {
  /** The amount the action moves, in its own currency, smallest unit. */
  amount: number;
  currency: string;
  /** The accounts it names (source and destination). */
  accounts: string[];
  /** Whether it spends the customer's money (counts against the spending limits and usage). */
  spends: boolean;
}

/**
 * The policy's verdict on a money call: throws 403 when a restriction or limit refuses it; else
 * whether it needs the platform's approval (the execution mode, an account rule, an amount above
 * the approval threshold).
 */
export function decide(ctx: SandboxContext, policy: Policy, usage: Usage, spend: Spend): { approval: boolean } {
  const f = ctx.faults;
  // The alternate reads allowedAccountIds and accountRules as openapi.yaml words them ("internal account IDs"): only the action's internal account counts.
  const named = ctx.choices.alternate('agent-rules-internal-accounts-only') ? spend.accounts.filter((a) => internalAccounts(ctx).has(a)) : spend.accounts;
  const allowed = policy.accountRestrictions?.allowedAccountIds;
  if (allowed && !f.has('agent-allowed-accounts-ignored')) {
    const outside = named.filter((a) => !allowed.includes(a));
    if (outside.length) throw denied(`The agent's policy does not allow account(s) ${outside.join(', ')}`, { accountIds: outside });
  }
  const rules = (policy.accountRestrictions?.accountRules ?? []).filter((r) => named.includes(r.accountId));
  const limits = policy.spendingLimits;
  const inLimitCurrency = convert(ctx, spend.amount, spend.currency, limits.currency);
  if (spend.spends) {
    if (inLimitCurrency > limits.perTransactionLimit && !f.has('agent-per-transaction-limit-ignored')) {
      throw denied(`${inLimitCurrency} ${limits.currency} exceeds the agent's perTransactionLimit of ${limits.perTransactionLimit}`, { limit: 'perTransactionLimit' });
    }
    for (const rule of rules) {
      if (rule.perTransactionLimit !== undefined && inLimitCurrency > rule.perTransactionLimit && !f.has('agent-account-rule-ignored')) {
        throw denied(`${inLimitCurrency} ${limits.currency} exceeds the perTransactionLimit of ${rule.perTransactionLimit} for account ${rule.accountId}`, { limit: 'accountRules.perTransactionLimit', accountId: rule.accountId });
      }
    }
    const u = currentUsage(ctx, usage);
    if (limits.dailyTransactionLimit != null && u.dailyTransactionCount + 1 > limits.dailyTransactionLimit && !f.has('agent-daily-limit-ignored')) {
      throw overLimit(ctx, `The agent's dailyTransactionLimit of ${limits.dailyTransactionLimit} is reached`, { limit: 'dailyTransactionLimit' });
    }
    if (limits.dailyLimit != null && u.dailySpend + inLimitCurrency > limits.dailyLimit && !f.has('agent-daily-limit-ignored')) {
      throw overLimit(ctx, `The agent's dailyLimit of ${limits.dailyLimit} ${limits.currency} would be exceeded`, { limit: 'dailyLimit' });
    }
    if (limits.monthlyLimit != null && u.monthlySpend + inLimitCurrency > limits.monthlyLimit && !f.has('agent-monthly-limit-ignored')) {
      throw overLimit(ctx, `The agent's monthlyLimit of ${limits.monthlyLimit} ${limits.currency} would be exceeded`, { limit: 'monthlyLimit' });
    }
  }
  // An account rule's executionMode stands for the default where a rule of the action's accounts names one (APPROVAL_REQUIRED first).
  const ruleModes = rules.map((r) => r.executionMode).filter((m) => m !== undefined);
  const mode = f.has('agent-account-rule-ignored') || !ruleModes.length ? policy.defaultExecutionMode : ruleModes.includes('APPROVAL_REQUIRED') ? 'APPROVAL_REQUIRED' : 'AUTO';
  let approval = mode === 'APPROVAL_REQUIRED' && !f.has('agent-approval-mode-ignored');
  const threshold = policy.approvalThresholds;
  if (threshold?.amount !== undefined && convert(ctx, spend.amount, spend.currency, threshold.currency) > threshold.amount && !f.has('agent-threshold-ignored')) approval = true;
  return { approval };
}

/** The spend of an approved action counts in the agent's usage (in the limits' currency). */
export function recordSpend(ctx: SandboxContext, policy: Policy, usage: Usage, spend: Spend): void {
  if (!spend.spends || ctx.faults.has('agent-usage-not-kept')) return;
  const u = currentUsage(ctx, usage);
  const amount = convert(ctx, spend.amount, spend.currency, policy.spendingLimits.currency);
  u.dailyTransactionCount += 1;
  u.dailySpend += amount;
  u.monthlySpend += amount;
}
