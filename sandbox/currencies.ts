// Currencies the sandbox knows: code, name, symbol and decimals (interface: money amounts are
// integers in the smallest unit of the currency).
export interface CurrencyInfo {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
}

const LIST: CurrencyInfo[] = [
  { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
  { code: 'GBP', name: 'Pound Sterling', symbol: '£', decimals: 2 },
  { code: 'MXN', name: 'Mexican Peso', symbol: '$', decimals: 2 },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', decimals: 2 },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', decimals: 2 },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦', decimals: 2 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: '$', decimals: 2 },
  { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  { code: 'USDT', name: 'Tether USD', symbol: 'USDT', decimals: 6 },
  { code: 'BTC', name: 'Bitcoin', symbol: '₿', decimals: 8 },
];

export const CURRENCIES = new Map(LIST.map((c) => [c.code, c]));
export const CRYPTO = new Set(['USDC', 'USDT', 'BTC']);
/** The stablecoins among them (openapi.yaml, RealtimeFundingQuoteSource.cryptoNetwork: "a stablecoin (e.g. USDC, USDT)"). */
export const STABLECOINS = new Set(['USDC', 'USDT']);

export const money = (amount: number, code: string) => {
  const c = CURRENCIES.get(code);
  if (!c) throw new Error(`unknown currency ${code}`);
  return { amount, currency: { ...c } };
};
