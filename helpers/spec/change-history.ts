// The interface's dated change history (interface, Versioning 2) as items of the catalog: each entry
// with what it introduced, and for each of those the marks a scenario leaves when it judges it. A
// release manager gating a build reads, per entry, which scenarios judged it and how they ended
// (helpers/coverage/changes.ts), and runs only those with SVC_CHANGES.
//
// A mark is something a run records only where a scenario asserted it (helpers/coverage/recorder.ts):
// a catalog coverage id, a field rule of an operation (by the field's path), or a scenario whose title
// states the rule for a named field. An item of an entry with no mark is listed with why: no scenario
// can judge it (it announces, or it names nothing a client can observe), and the entry is then judged
// partly at best.

export type ChangeMark =
  /** A catalog coverage id: `op:GET /path`, `response:GET /path 200`, `error:400:CODE`, `event:TYPE`, `transition:machine:A->B`. */
  | { id: string }
  /** Every field rule of `operation` whose id starts with `field` (helpers/field-rules/declared.ts). */
  | { operation: string; field: string }
  /** A scenario whose `file > name` matches: its title states the rule for the item. */
  | { title: RegExp };

export interface ChangeItem {
  /** The item as the entry names it (`endUserTermsConsent`, the challenge and verify flow). */
  item: string;
  /** Any one recorded by a passed scenario judges the item. */
  marks: ChangeMark[];
  /** For an item without marks: why no scenario can judge it. */
  unjudgeable?: string;
}

export interface ChangeEntry {
  /** A stable name for SVC_CHANGES and the reports. */
  id: string;
  /** The entry as interface, Versioning 2 gives it. */
  entry: string;
  items: ChangeItem[];
}

/** The field rules of `operation` for each named field (each a prefix of the rule ids, helpers/field-rules/declared.ts). */
const fields = (operation: string, ...names: string[]): ChangeMark[] => names.map((field) => ({ operation, field }));

/** The optional enhanced-due-diligence fields of an individual (supplement 4, INDIVIDUAL: EDD). */
const EDD = ['sourceOfFundsCategories', 'sourceOfFundsOtherDescription', 'sourceOfWealthCategories', 'sourceOfWealthOtherDescription', 'purposeOfAccount', 'expectedMonthlyTransactionCount', 'expectedMonthlyTransactionVolume', 'annualIncomeRange', 'netWorthRange', 'pepStatus'];

/** The ten card simulations of the sandbox (supplement 9), each its own operation of the catalog. */
const SIMULATIONS = ['authorization', 'authorization_advice', 'balance_inquiry', 'clearing', 'credit_authorization', 'credit_authorization_advice', 'financial_authorization', 'financial_credit_authorization', 'return', 'return_reversal'];

/** Newest first, as the interface lists them. */
export const CHANGE_HISTORY: readonly ChangeEntry[] = [
  // The deprecation itself has no signal a response carries: what a client sees is the two operations
  // still working (their operation ids, recorded by scenarios that judged their answers) and the
  // replacement, a quote created and executed in one request.
  {
    id: 'transfer-endpoints-deprecated',
    entry: 'Deprecation of `/transfer-in` and `/transfer-out` in favour of `POST /quotes` with `immediatelyExecute: true`; both continue to work with unchanged shapes.',
    items: [
      {
        item: '`/transfer-in` and `/transfer-out` deprecated',
        marks: [],
        unjudgeable: 'a statement of the change history: no header, field or status the interface names tells a deprecated operation from another (the description does not mark them deprecated either)',
      },
      { item: 'in favour of `POST /quotes` with `immediatelyExecute: true`', marks: [{ title: /^suites\/cross-currency-transfers\/quote-execution\.test\.ts > POST \/quotes and POST \/quotes\/\{quoteId\}\/execute > creates and executes in one request with immediatelyExecute$/ }] },
      { item: '`/transfer-in` continues to work with unchanged shapes', marks: [{ id: 'op:POST /transfer-in' }] },
      { item: '`/transfer-out` continues to work with unchanged shapes', marks: [{ id: 'op:POST /transfer-out' }] },
    ],
  },
  // platformFees: the scenario holds the transaction's platformFees to the quote's platformFeesIncluded
  // where the transaction carries it (expectTransactionOfQuote); the description makes it optional.
  {
    id: 'platform-fees',
    entry: 'Platform fees: `feeConfigs`, `platformFeeOverride`, `platformFeesIncluded`, `platformFees`.',
    items: [
      {
        item: '`feeConfigs`',
        marks: [
          ...fields('PATCH /config', 'feeConfigs'),
          { title: /^suites\/platform-configuration\/config\.platform\.test\.ts > PATCH \/config > (refuses feeConfigs with a non-USD source currency|prices a cross-currency quote with the standing USD fee|includes the standing USD fee in GET \/exchange-rates)/ },
          { title: /^suites\/platform-configuration\/field-rules\.platform\.test\.ts > PATCH \/config > accepts valid fee and branding changes/ },
        ],
      },
      {
        item: '`platformFeeOverride`',
        marks: [
          ...fields('POST /quotes', 'platformFeeOverride'),
          { title: /^suites\/cross-currency-transfers\/quote-rules\.test\.ts > POST \/quotes: rules > refuses platformFeeOverride with a non-USD source currency/ },
          { title: /^suites\/cross-currency-transfers\/field-rules\.test\.ts > POST \/quotes > accepts valid requests of every source shape, with and without a fee override/ },
        ],
      },
      { item: '`platformFeesIncluded`', marks: [{ title: /^suites\/cross-currency-transfers\/quote-execution\.test\.ts > POST \/quotes and POST \/quotes\/\{quoteId\}\/execute > breaks the platform fee out: platformFeesIncluded on the quote/ }] },
      { item: '`platformFees`', marks: [{ title: /^suites\/cross-currency-transfers\/quote-execution\.test\.ts > POST \/quotes and POST \/quotes\/\{quoteId\}\/execute > breaks the platform fee out: .*platformFees on the transaction/ }] },
    ],
  },
  // END_USER_TERMS_NOT_ACCEPTED: the interface leaves its HTTP status unshown; the catalog files it
  // under 403 from the supplement (section 1). endUserTermsConsent is judged by its field rules, by
  // creates that take it, by the refusal of an unknown terms version, and by a quote that succeeds
  // once the consent is on file.
  {
    id: 'end-user-terms',
    entry: 'End-user terms: `GET /customers/end-user-terms`, `endUserTermsConsent`, `END_USER_TERMS_NOT_ACCEPTED`.',
    items: [
      // The scenario of the endpoint itself: a customer's set-up reads the terms too, once per worker,
      // so which other scenario records the operation depends on the order the workers take them in.
      { item: '`GET /customers/end-user-terms`', marks: [{ title: /^suites\/customers\/create-customer\.test\.ts > GET \/customers\/end-user-terms > / }] },
      {
        item: '`endUserTermsConsent`',
        marks: [
          ...fields('POST /customers', 'endUserTermsConsent'),
          ...fields('PATCH /customers/{customerId}', 'endUserTermsConsent'),
          { id: 'error:400:END_USER_TERMS_VERSION_NOT_FOUND' },
          { title: /^suites\/customers\/create-customer\.test\.ts > POST \/customers > accepts endUserTermsConsent with the current terms version$/ },
          { title: /^suites\/cross-currency-transfers\/quote-rules\.test\.ts > POST \/quotes: rules > fails with END_USER_TERMS_NOT_ACCEPTED until terms acceptance is on file, and succeeds once it is$/ },
        ],
      },
      { item: '`END_USER_TERMS_NOT_ACCEPTED`', marks: [{ id: 'error:403:END_USER_TERMS_NOT_ACCEPTED' }] },
    ],
  },
  {
    id: 'kyc-own-form',
    entry: 'KYC from the platform\'s own form: optional enhanced-due-diligence fields on the individual customer, `RESOLVE_ERRORS` from `POST /verifications`, all invalid fields in `details.errors[]`, shared identification vocabulary `idType`, `identifier`, `countryOfIssuance`.',
    items: [
      {
        item: 'optional enhanced-due-diligence fields on the individual customer',
        marks: [
          ...fields('POST /customers', ...EDD),
          ...fields('PATCH /customers/{customerId}', ...EDD.filter((f) => !f.endsWith('OtherDescription'))),
          { title: /^suites\/customers\/create-customer\.test\.ts > (POST \/customers|PATCH \/customers\/\{customerId\}) > [^>]*enhanced-due-diligence/ },
        ],
      },
      {
        item: '`RESOLVE_ERRORS` from `POST /verifications`',
        marks: [
          { title: /^suites\/kyc-verifications\/verification\.test\.ts > POST \/verifications > answers RESOLVE_ERRORS with one entry per problem/ },
          { title: /^suites\/kyc-verifications\/verification-lifecycle\.test\.ts > Verification lifecycle > announces RESOLVE_ERRORS, then IN_PROGRESS and APPROVED/ },
        ],
      },
      { item: 'all invalid fields in `details.errors[]`', marks: [{ title: /^suites\/customers\/create-customer\.test\.ts > (POST \/customers|PATCH \/customers\/\{customerId\}) > returns every invalid field (of an update )?in details\.errors\[\]/ }] },
      { item: '`idType`', marks: [...fields('POST /customers', 'idType'), ...fields('PATCH /customers/{customerId}', 'idType'), ...fields('POST /beneficial-owners', 'personalInfo.idType')] },
      { item: '`identifier`', marks: [...fields('POST /customers', 'identifier'), ...fields('PATCH /customers/{customerId}', 'identifier'), ...fields('POST /beneficial-owners', 'personalInfo.identifier')] },
      { item: '`countryOfIssuance`', marks: [...fields('POST /customers', 'countryOfIssuance'), ...fields('PATCH /customers/{customerId}', 'countryOfIssuance'), ...fields('POST /beneficial-owners', 'personalInfo.countryOfIssuance')] },
    ],
  },
  // sessionExpiresAt: the 200 of POST /sca/login/complete is also recorded by logins whose schema does
  // not hold it, so the scenario whose title states it judges it. SCA_NOT_COMPLETED: the scenario of a
  // fresh challenge's expiry is left out, as it passes without the failure when a target proceeds on one
  // authorization. The challenge and verify flow: a verified account's transition to ACTIVE.
  {
    id: 'sca-travel-rule',
    entry: 'SCA and Travel Rule groundwork: `sessionExpiresAt`, `SCA_SESSION_REQUIRED`, `ACCOUNT_LOCKED`, `SCA_NOT_COMPLETED`, the challenge and verify flow, `EXTERNAL_ACCOUNT.STATUS_UPDATED`; EU availability to be announced separately.',
    items: [
      { item: '`sessionExpiresAt`', marks: [{ title: /^suites\/strong-customer-authentication\/field-rules\.test\.ts > POST \/sca\/login\/complete > logs in with every factor: 200 \{status: SUCCESS, sessionExpiresAt\}$/ }] },
      { item: '`SCA_SESSION_REQUIRED`', marks: [{ id: 'error:409:SCA_SESSION_REQUIRED' }] },
      { item: '`ACCOUNT_LOCKED`', marks: [{ id: 'error:423:ACCOUNT_LOCKED' }] },
      {
        item: '`SCA_NOT_COMPLETED`',
        marks: [
          { title: /^suites\/cross-currency-transfers\/outgoing-authorization\.test\.ts > Outgoing payment authorisation \(SCA region\) > goes PENDING_AUTHORIZATION -> FAILED with SCA_NOT_COMPLETED when the challenge expires/ },
          { title: /^suites\/cross-currency-transfers\/sca\.test\.ts > POST \/quotes for a customer of an SCA region > fails the transaction with SCA_NOT_COMPLETED when the SCA challenge expires/ },
        ],
      },
      { item: 'the challenge and verify flow', marks: [{ id: 'transition:external-account:PENDING_OWNERSHIP_VERIFICATION->ACTIVE' }] },
      { item: '`EXTERNAL_ACCOUNT.STATUS_UPDATED`', marks: [{ id: 'event:EXTERNAL_ACCOUNT.STATUS_UPDATED' }] },
      { item: 'EU availability to be announced separately', marks: [], unjudgeable: 'an announcement to come: it names nothing a client can observe' },
    ],
  },
  // The interface names the endpoints (Other operations that are named: /stablecoins, its mints, burns
  // and operations) and the area adds linking provider accounts, which registration needs. A create is
  // judged by its 201, not by the operation id an error answer records too.
  {
    id: 'stablecoin-issuance',
    entry: 'Stablecoin issuance endpoints.',
    items: [
      { item: 'link a provider account (`/stablecoin-provider-accounts`)', marks: [{ id: 'response:POST /stablecoin-provider-accounts 201' }] },
      { item: 'register a stablecoin (`POST /stablecoins`)', marks: [{ id: 'response:POST /stablecoins 201' }] },
      { item: 'read registered stablecoins (`GET /stablecoins`, `GET /stablecoins/{stablecoinId}`)', marks: [{ id: 'op:GET /stablecoins' }, { id: 'op:GET /stablecoins/{stablecoinId}' }] },
      { item: 'create mints (`/stablecoins/{stablecoinId}/mints`)', marks: [{ id: 'response:POST /stablecoins/{stablecoinId}/mints 201' }] },
      { item: 'create burns (`/stablecoins/{stablecoinId}/burns`)', marks: [{ id: 'response:POST /stablecoins/{stablecoinId}/burns 201' }] },
      { item: 'track operations (`/stablecoins/{stablecoinId}/operations`, `GET /stablecoin-operations/{stablecoinOperationId}`)', marks: [{ id: 'op:GET /stablecoins/{stablecoinId}/operations' }, { id: 'op:GET /stablecoin-operations/{stablecoinOperationId}' }] },
      { item: 'operations tracked through settlement', marks: [{ id: 'transition:stablecoin-operation:PROCESSING->COMPLETED' }, { id: 'transition:stablecoin-operation:PROCESSING->FAILED' }] },
    ],
  },
  // USDT on Plasma: the PLASMA_WALLET variant holds USDT only, so every valid create of the field-rules
  // scenarios sends it. Tron is no change ("besides Tron"). The entry lists neither the wire fields nor
  // the business types it added.
  {
    id: 'usdt-bitcoin-wires-business-types',
    entry: 'USDT on Ethereum and Plasma besides Tron; Bitcoin L1 deposit addresses as a quote payment instruction; fuller USD wire beneficiary fields; additional business types outside the US.',
    items: [
      {
        item: 'USDT on Ethereum',
        marks: [],
        unjudgeable: 'no scenario judges it yet: an ETHEREUM_WALLET external account in USDT created and read back (the field-rules valid creates draw the ETHEREUM_WALLET currency from USDC and USDT at random, so not every run sends USDT), or a USDT payment settled to one',
      },
      { item: 'USDT on Plasma', marks: [{ title: /^suites\/external-accounts\/(field-rules|platform-field-rules)\.test\.ts > POST \/(customers|platform)\/external-accounts > accepts valid requests of every account type/ }] },
      {
        item: 'Bitcoin L1 deposit addresses as a quote payment instruction',
        marks: [],
        unjudgeable: 'no scenario judges it yet: a REALTIME_FUNDING quote funded in BTC whose paymentInstructions carry a BITCOIN_L1 deposit address (description: PaymentBitcoinDepositAddressInfo)',
      },
      {
        item: 'fuller USD wire beneficiary fields',
        marks: [],
        unjudgeable: 'no scenario judges it yet: a USD_ACCOUNT created with the wire fields of the description (intermediaryBankName, intermediaryRoutingNumber, fiToFiInformation) read back as sent, and their malformed forms refused; the entry does not list the fields',
      },
      {
        item: 'additional business types outside the US',
        marks: [],
        unjudgeable: 'no scenario judges it yet: a business customer outside the US (businessInfo.country not US) taking each entityType and businessType value; the suite takes every value only on a US business (create-customer.test.ts), and the entry does not list the types added',
      },
    ],
  },
  {
    id: 'on-chain-transaction',
    entry: '`onChainTransaction` on transaction source or destination; `reconciliationInstructions.transactionHash` deprecated for wallet transfers and not removed before the UMA inter-VASP leg has a replacement.',
    items: [
      { item: '`onChainTransaction` on transaction destination', marks: [{ title: /^suites\/cross-currency-transfers\/quote-execution\.test\.ts > POST \/quotes and POST \/quotes\/\{quoteId\}\/execute > reports the on-chain transaction of a wallet destination once settled$/ }] },
      {
        item: '`onChainTransaction` on transaction source',
        marks: [],
        unjudgeable: 'no scenario judges it yet: a transaction funded from an external crypto wallet (an incoming deposit from the customer\'s own wallet) reporting source.onChainTransaction {transactionHash, network} once the transfer settles',
      },
      {
        item: '`reconciliationInstructions.transactionHash` deprecated for wallet transfers',
        marks: [],
        unjudgeable: 'a deprecation note: the field was and stays optional ("when available"), so nothing a response carries changes; the replacement is judged as onChainTransaction',
      },
      {
        item: '`reconciliationInstructions.transactionHash` not removed before the UMA inter-VASP leg has a replacement',
        marks: [],
        unjudgeable: 'a promise about a later removal: the field stays optional ("when available"), so a UMA payment that leaves it out breaks no rule today',
      },
    ],
  },
  // The failure-reasons scenarios hold failureReason to the current reason caused and never a removed
  // one (REMOVED_FAILURE_REASONS); a returned payout states PAYOUT_RETURNED. SCA_NOT_COMPLETED, the
  // seventh current reason, is an item of the SCA entry.
  {
    id: 'failure-reasons-reworked',
    entry: 'Breaking change: failure reasons reworked as listed under Resources; new codes `TRANSACTION_SIZE_LIMIT_EXCEEDED` and `DAILY_VOLUME_LIMIT_EXCEEDED`; `pendingReason` added.',
    items: [
      {
        item: 'failure reasons reworked as listed under Resources',
        marks: [
          { title: /^suites\/cross-currency-transfers\/failure-reasons\.test\.ts > Outgoing payment failures > fails with [A-Z_]+ and refunds the debited amount automatically$/ },
          { title: /^suites\/cross-currency-transfers\/outgoing-lifecycle\.test\.ts > Outgoing payment lifecycle \(POST \/quotes, immediatelyExecute\) > goes COMPLETED -> FAILED with PAYOUT_RETURNED/ },
        ],
      },
      { item: '`TRANSACTION_SIZE_LIMIT_EXCEEDED`', marks: [{ id: 'error:400:TRANSACTION_SIZE_LIMIT_EXCEEDED' }] },
      { item: '`DAILY_VOLUME_LIMIT_EXCEEDED`', marks: [{ id: 'error:429:DAILY_VOLUME_LIMIT_EXCEEDED' }] },
      { item: '`pendingReason`', marks: [{ title: /^suites\/transactions\/transactions\.test\.ts > Transactions: held and listed > reports why a held transaction waits, in pendingReason$/ }] },
    ],
  },
  // CARD_TRANSACTION.* and INCOMING_PAYMENT.REFUND_*: each event type the interface lists, an item of
  // its own. The ten simulate endpoints: each its operation id.
  {
    id: 'card-issuance',
    entry: 'Card issuance in sandbox; `CARD_TRANSACTION.*` webhooks; ten sandbox simulate endpoints; `cardTokenization2faConfig`; `INCOMING_PAYMENT.REFUND_*` events; additional countries including China.',
    items: [
      { item: 'card issuance in sandbox (`POST /cards`)', marks: [{ id: 'response:POST /cards 201' }] },
      ...['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION'].map((t): ChangeItem => ({ item: `\`CARD_TRANSACTION.${t}\``, marks: [{ id: `event:CARD_TRANSACTION.${t}` }] })),
      ...SIMULATIONS.map((name): ChangeItem => ({ item: `\`POST /sandbox/cards/{cardId}/simulate/${name}\``, marks: [{ id: `op:POST /sandbox/cards/{cardId}/simulate/${name}` }] })),
      {
        item: '`cardTokenization2faConfig`',
        marks: [
          ...fields('PATCH /config', 'cardTokenization2faConfig'),
          { title: /^suites\/platform-configuration\/field-rules\.platform\.test\.ts > PATCH \/config > (keeps the branding fields a PATCH leaves out|accepts valid fee and branding changes)/ },
        ],
      },
      ...['REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'].map((t): ChangeItem => ({ item: `\`INCOMING_PAYMENT.${t}\``, marks: [{ id: `event:INCOMING_PAYMENT.${t}` }] })),
      {
        item: 'additional countries including China',
        marks: [],
        unjudgeable: 'no scenario judges it yet: a CNY_ACCOUNT external account created and paid (its beneficiary rules are unconfirmed, interface: ExternalAccount), or GET /discoveries answering a CN corridor; the entry names no other country',
      },
    ],
  },
];
