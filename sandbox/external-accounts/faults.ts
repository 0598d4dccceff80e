// Named faults of sandbox/external-accounts/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const externalAccountsFaults = {
  // Errors
  'platform-external-account-refused-stored': {
    areas: ['external-accounts'],
    suites: ['external-accounts/platform-field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /platform/external-accounts platformAccountId? (supplement 7): one of another type stores no account.',
  },
  'lightning-one-of-names-other-field': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts'],
    rule: 'Errors: FieldError field is the dot-notation path to the offending field; supplement 7: LIGHTNING exactly one of invoice, bolt12, lightningAddress.',
  },
  'swift-code-unchecked': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts'],
    rule: 'openapi.yaml, EurAccountInfoBase: swiftCode minLength 8, maxLength 11, pattern ^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$.',
  },
  'usd-payment-rails-missing': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'openapi.yaml, UsdExternalAccountInfo: paymentRails (ACH, WIRE, RTP, FEDNOW) is required on a USD account\'s accountInfo.',
  },
  // Events
  'no-event-on-active': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Events: EXTERNAL_ACCOUNT.STATUS_UPDATED covers the whole ownership verification lifecycle.',
  },
  'event-before-state-change': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Events: EXTERNAL_ACCOUNT.STATUS_UPDATED is emitted when the status changes, carrying the account.',
  },
  // External account status
  'wallet-created-active': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts', 'external-accounts/customer-ownership.test.ts', 'external-accounts/eligibility.test.ts'],
    rule: 'External account status: PENDING_OWNERSHIP_VERIFICATION means wallet ownership must be verified (for example under the EU Travel Rule) before unrestricted use (a first-party self-custody wallet on a platform subject to counterparty requirements is not created ACTIVE).',
  },
  // ExternalAccount.defaultUmaDepositAccount
  'default-uma-deposit-multiple': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'ExternalAccount.defaultUmaDepositAccount: at most one external account per customer may be the default.',
  },
  'default-uma-second-refused': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'openapi.yaml, defaultUmaDepositAccount: "if there is already a default UMA deposit account, this will override the existing default UMA deposit account" (under the fault a second default is refused 409).',
  },
  // ExternalAccount.ownershipType
  'ownership-type-not-required': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'ExternalAccount.ownershipType: required when creating self-custody crypto wallet accounts on platforms subject to counterparty requirements.',
  },
  // Interface
  'fiat-beneficiary-optional': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Interface: each fiat-currency variant combines a base part, a currency part and a required beneficiary object.',
  },
  'default-uma-deposit-defaults-true': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts'],
    rule: 'Interface: ExternalAccount defaultUmaDepositAccount "Default false".',
  },
  'lightning-account-rules-skipped': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'Interface: LIGHTNING, LIGHTNING_ACCOUNT (both map to the Lightning variant); supplement 7: exactly one of invoice, bolt12, lightningAddress; no beneficiary/vaspName.',
  },
  'ownership-pending-for-all': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Interface: PENDING_OWNERSHIP_VERIFICATION means wallet ownership must be verified; supplement 7: only FIRST_PARTY self-custody wallets can be challenged.',
  },
  // Interface, ExternalAccount
  'platform-external-list-includes-customer-accounts': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Interface, ExternalAccount: customerId is null when the account is on behalf of the platform; the platform list holds the platform\'s accounts.',
  },
  // Interface, ExternalAccount.defaultUmaDepositAccount
  'default-uma-deposit-platform-wide': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'Interface, ExternalAccount.defaultUmaDepositAccount: at most one external account per customer may be the default (per customer, not per platform).',
  },
  'default-uma-cleared-by-any-create': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'Interface, ExternalAccount.defaultUmaDepositAccount: when true incoming UMA payments go to this account; an account created without it leaves the default be.',
  },
  // Supplement 1
  'external-accounts-cursor-repeats': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor; a page continues where the last one ended.',
  },
  'external-accounts-has-more-when-full': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 1: hasMore says more items follow (a full last page says hasMore, and its nextCursor leads to an empty page).',
  },
  // Supplement 7
  'wallet-business-beneficiary-refused': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: a wallet beneficiary is INDIVIDUAL{beneficiaryType, fullName*, countryOfResidence*} or BUSINESS.',
  },
  'wallet-third-party-beneficiary-optional': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: a wallet beneficiary is required for THIRD_PARTY under counterparty rules (else 400 INVALID_INPUT).',
  },
  'wallet-beneficiary-country-optional': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: "Supplement 7: a wallet's beneficiary is INDIVIDUAL{beneficiaryType, fullName*, countryOfResidence*}.",
  },
  'invalid-bank-account-accepted': {
    areas: ['external-accounts'],
    suites: ['external-accounts/invalid-bank-account.test.ts'],
    rule: 'Supplement 7: an account number ending 105 is refused at create with 400 (this sandbox: INVALID_BANK_ACCOUNT).',
  },
  'beneficiary-address-dropped': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: Beneficiary INDIVIDUAL and BUSINESS take address?; a valid request is stored and read back as sent.',
  },
  'external-account-delete-keeps-record': {
    areas: ['external-accounts'],
    suites: ['external-accounts/platform-accounts.test.ts'],
    rule: 'Supplement 7: DELETE .../external-accounts/{id} answers 204; the account is then not found (404).',
  },
  'external-account-currency-unpaired': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: each wallet type holds its currencies (ETHEREUM_WALLET USDC, USDT; SOLANA_WALLET USDC; SPARK_WALLET BTC; ...); interface: each fiat variant its currency.',
  },
  'external-accounts-customer-filter-ignored': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 7: GET /customers/external-accounts filters by customerId.',
  },
  'external-accounts-currency-prefix-match': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 7: GET lists filter currency: currency=USD lists USD accounts, not USDT or USDC ones.',
  },
  'lightning-invoice-not-counted': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: LIGHTNING exactly one of invoice, bolt12, lightningAddress (an account with just an invoice is valid).',
  },
  'lightning-several-destinations-accepted': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: LIGHTNING takes exactly one of invoice, bolt12, lightningAddress.',
  },
  'clabe-any-length': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: MXN_ACCOUNT clabeNumber* (18 digits).',
  },
  'name-check-magic-partial': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'Supplement 7: name check by the last digits: 102 NOT_MATCHED, 103 PARTIAL_MATCH, 104 PENDING, 106 UNSUPPORTED, 107 CHECKED_BY_RECEIVING_FI, other MATCHED.',
  },
  'external-account-duplicate-refused-but-stored': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: POST external accounts answers 409 when the account exists (a refused duplicate is stored all the same).',
  },
  'external-account-duplicate-accepted': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: POST external accounts answers 409 when the account exists.',
  },
  'external-accounts-currency-filter-ignored': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 7: the external-account lists filter by currency.',
  },
  'account-number-one-too-long': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: USD_ACCOUNT accountNumber* (1–34).',
  },
  'bank-account-type-defaults-savings': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: USD_ACCOUNT bankAccountType? (CHECKING default|SAVINGS).',
  },
  'wallet-vasp-name-dropped': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Supplement 7: vaspName (from GET /vasps) marks a custodial wallet: the account keeps it.',
  },
} as const satisfies Record<string, FaultEntry>;
