// Named faults: each breaks one rule of the interface, and the conformance suite must fail when any
// one of them is switched on (selftest/mutation runs every fault against the suites of its areas).
// Each area keeps its slice in sandbox/<area>/faults.ts (a large area splits it by concern, as
// *-faults.ts beside it or faults.ts in a sub-folder), beside the code that checks it by name;
// this module joins the slices into the one catalog.
import type { FaultEntry } from './fault-entry.js';
import { agentManagementFaults } from './agent-management/faults.js';
import { agentOperationsFaults } from './agent-operations/faults.js';
import { apiTokensFaults } from './api-tokens/faults.js';
import { cardsFaults } from './cards/faults.js';
import { crossCurrencyTransfersFaults } from './cross-currency-transfers/faults.js';
import { scaPaymentFaults } from './cross-currency-transfers/sca-faults.js';
import { umaFaults } from './cross-currency-transfers/uma/faults.js';
import { customersFaults } from './customers/faults.js';
import { discoveriesFaults } from './discoveries/faults.js';
import { embeddedWalletAuthFaults } from './embedded-wallet-auth/faults.js';
import { exchangeRatesFaults } from './exchange-rates/faults.js';
import { externalAccountsFaults } from './external-accounts/faults.js';
import { ownershipFaults } from './external-accounts/ownership-faults.js';
import { trustFaults } from './external-accounts/trust-faults.js';
import { httpFaults } from './http/faults.js';
import { internalAccountsFaults } from './internal-accounts/faults.js';
import { invitationsFaults } from './invitations/faults.js';
import { kycVerificationsFaults } from './kyc-verifications/faults.js';
import { platformConfigurationFaults } from './platform-configuration/faults.js';
import { stablecoinsFaults } from './stablecoins/faults.js';
import { strongCustomerAuthenticationFaults } from './strong-customer-authentication/faults.js';
import { transactionsFaults } from './transactions/faults.js';
import { vaspsFaults } from './vasps/faults.js';
import { webhooksFaults } from './webhooks/faults.js';

export type { FaultEntry } from './fault-entry.js';

export const FAULTS = {
  ...agentManagementFaults,
  ...agentOperationsFaults,
  ...apiTokensFaults,
  ...cardsFaults,
  ...crossCurrencyTransfersFaults,
  ...scaPaymentFaults,
  ...umaFaults,
  ...customersFaults,
  ...discoveriesFaults,
  ...embeddedWalletAuthFaults,
  ...exchangeRatesFaults,
  ...externalAccountsFaults,
  ...ownershipFaults,
  ...trustFaults,
  ...httpFaults,
  ...internalAccountsFaults,
  ...invitationsFaults,
  ...kycVerificationsFaults,
  ...platformConfigurationFaults,
  ...stablecoinsFaults,
  ...strongCustomerAuthenticationFaults,
  ...transactionsFaults,
  ...vaspsFaults,
  ...webhooksFaults,
} as const satisfies Record<string, FaultEntry>;

export type FaultName = keyof typeof FAULTS;

export class Faults {
  private readonly on: ReadonlySet<string>;

  constructor(names: Iterable<string> = []) {
    const list = [...names].map((n) => n.trim()).filter(Boolean);
    const unknown = list.filter((n) => !Object.hasOwn(FAULTS, n));
    if (unknown.length) throw new Error(`Unknown sandbox fault(s): ${unknown.join(', ')}`);
    this.on = new Set(list);
  }

  static parse(csv: string | undefined): Faults {
    return new Faults((csv ?? '').split(','));
  }

  has(name: FaultName): boolean {
    return this.on.has(name);
  }

  list(): string[] {
    return [...this.on];
  }
}
