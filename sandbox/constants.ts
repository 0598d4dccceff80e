// The sandbox's own reading of the interface's constants (it shares none with the harness).

/** Interface, Conventions: the API version, the last path segment of the base URL. */
export const INTERFACE_VERSION = '2025-10-13';

/** Interface, ExternalAccount: the `accountType` values that select an `accountInfo` variant. */
export const ACCOUNT_TYPES = [
  'AED_ACCOUNT', 'BDT_ACCOUNT', 'BRL_ACCOUNT', 'BWP_ACCOUNT', 'CAD_ACCOUNT', 'COP_ACCOUNT', 'DKK_ACCOUNT', 'EGP_ACCOUNT',
  'EUR_ACCOUNT', 'GBP_ACCOUNT', 'GHS_ACCOUNT', 'GTQ_ACCOUNT', 'HKD_ACCOUNT', 'HTG_ACCOUNT', 'IDR_ACCOUNT', 'INR_ACCOUNT',
  'JMD_ACCOUNT', 'KES_ACCOUNT', 'MWK_ACCOUNT', 'MXN_ACCOUNT', 'MYR_ACCOUNT', 'NGN_ACCOUNT', 'PHP_ACCOUNT', 'PKR_ACCOUNT',
  'RWF_ACCOUNT', 'SGD_ACCOUNT', 'SLV_ACCOUNT', 'THB_ACCOUNT', 'TZS_ACCOUNT', 'UGX_ACCOUNT', 'USD_ACCOUNT', 'VND_ACCOUNT',
  'XAF_ACCOUNT', 'XOF_ACCOUNT', 'ZAR_ACCOUNT', 'ZMW_ACCOUNT', 'CNY_ACCOUNT', 'SWIFT_ACCOUNT', 'BASE_WALLET',
  'ETHEREUM_WALLET', 'LIGHTNING', 'LIGHTNING_ACCOUNT', 'POLYGON_WALLET', 'PLASMA_WALLET', 'SOLANA_WALLET', 'SPARK_WALLET',
  'TRON_WALLET',
] as const;
