// The discoveries directory (supplement §11, §21): the banks per corridor this sandbox knows. A
// discovered bankName is what an external account's accountInfo.bankName takes.

export interface Discovery {
  bankName: string;
  displayName: string;
  country: string;
  currency: string;
}

const d = (bankName: string, displayName: string, country: string, currency: string): Discovery => ({ bankName, displayName, country, currency });

/** The banks per corridor this sandbox knows (invented names, sandbox/README.md). */
export const DISCOVERIES: readonly Discovery[] = [
  d('FIRST_MERIDIAN_BANK', 'First Meridian Bank', 'US', 'USD'),
  d('HARBORVIEW_CREDIT_UNION', 'Harborview Credit Union', 'US', 'USD'),
  d('BANCO_DEL_SOL', 'Banco del Sol', 'MX', 'MXN'),
  d('BANCO_TERRAZA', 'Banco Terraza', 'MX', 'MXN'),
  d('RHEINLAND_SPARKASSE', 'Rheinland Sparkasse', 'DE', 'EUR'),
  d('BANQUE_DU_LAC', 'Banque du Lac', 'FR', 'EUR'),
  d('THAMES_MUTUAL', 'Thames Mutual', 'GB', 'GBP'),
  d('BANCO_IPE', 'Banco Ipê', 'BR', 'BRL'),
  d('LAGOS_TRUST_BANK', 'Lagos Trust Bank', 'NG', 'NGN'),
  d('DECCAN_BANK', 'Deccan Bank', 'IN', 'INR'),
];
