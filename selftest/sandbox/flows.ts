// Valid calls the sandbox self-tests compose: customers with accounts, funding, quotes, cards.
import { randomUUID } from 'node:crypto';
import { SCA_CODE, type Driver } from './driver.js';

export interface Holder {
  id: string;
  sca: boolean;
  /** Internal account id per currency. */
  accounts: Record<string, string>;
  /** The holder's USD bank account (an external account), once `bankAccount` made it. */
  bank?: string;
}

const consent = () => ({ acceptedAt: new Date().toISOString(), ipAddress: '127.0.0.1', termsVersion: 'V1', acceptanceMethod: 'CHECKBOX' });

/** A KYC-approved individual with accepted terms; `sca`: of an SCA region (DE), logged in. */
export async function holder(d: Driver, sca = false, currencies = ['USD']): Promise<Holder> {
  const res = await d.call('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `model-${randomUUID()}`,
    fullName: 'Ada Model',
    birthDate: '1990-01-01',
    nationality: sca ? 'DE' : 'US',
    idType: 'SSN',
    identifier: '123-45-6789',
    currencies,
    endUserTermsConsent: consent(),
    ...(sca
      ? { region: 'DE', email: 'ada@example.com', phoneNumber: '+4915112345678', address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' } }
      : { region: 'US', address: { line1: '1 Main St', postalCode: '10001', city: 'New York', country: 'US' } }),
  });
  if (res.status !== 201) throw new Error(`POST /customers: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.id as string;
  const accounts: Record<string, string> = {};
  for (let i = 0; i < 100; i++) {
    const list = await d.call('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(id)}`);
    if (list.body.data.every((a: any) => a.status === 'ACTIVE')) {
      for (const a of list.body.data) accounts[a.balance.currency.code] = a.id;
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  if (sca) await d.call('POST', `/sca/login/complete?customerId=${encodeURIComponent(id)}`, { factor: 'SMS_OTP', endUserIpAddress: '203.0.113.7', code: SCA_CODE });
  return { id, sca, accounts };
}

export const fund = (d: Driver, accountId: string, amount: number) => d.call('POST', `/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`, { amount });

export const balance = async (d: Driver, h: Holder, currency = 'USD') => {
  const list = await d.call('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(h.id)}`);
  return (list.body.data as any[]).find((a) => a.id === h.accounts[currency])?.balance.amount as number;
};

/**
 * The holder's own USD bank account, made on first use (undefined when the holder can have none, as a
 * deleted one): a payment to it goes over ACH, which a cancel applies to.
 */
export async function bankAccount(d: Driver, h: Holder): Promise<string | undefined> {
  if (h.bank) return h.bank;
  const res = await d.call('POST', '/customers/external-accounts', {
    customerId: h.id,
    currency: 'USD',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: `${randomUUID().replace(/\D/g, '').padEnd(9, '7').slice(0, 9)}000`, routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Model' } },
  });
  return res.status === 201 ? (h.bank = res.body.id as string) : undefined;
}

/**
 * A same-currency quote from one holder's account to another's internal account, or (`bank`) to the
 * paying holder's own USD bank account (a customer pays out to its own external accounts).
 */
export const quote = async (d: Driver, from: Holder, to: Holder, amount: number, immediatelyExecute = false, bank = false) =>
  d.call('POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: from.accounts.USD },
    destination: { destinationType: 'ACCOUNT', accountId: bank ? ((await bankAccount(d, from)) ?? to.accounts.USD) : to.accounts.USD },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    ...(immediatelyExecute ? { immediatelyExecute: true } : {}),
  });

export const execute = (d: Driver, quoteId: string) => d.call('POST', `/quotes/${encodeURIComponent(quoteId)}/execute`, {});
export const authorize = (d: Driver, quoteId: string) => d.call('POST', `/quotes/${encodeURIComponent(quoteId)}/authorize`, { code: SCA_CODE });
export const cancel = (d: Driver, transactionId: string) => d.call('POST', `/transactions/${encodeURIComponent(transactionId)}/cancel`, {});

/** An ACTIVE card of the holder funded from its USD account (or the one of `currency`). */
export async function card(d: Driver, h: Holder, currency = 'USD'): Promise<string | undefined> {
  const res = await d.call('POST', '/cards', { cardholderId: h.id, form: 'VIRTUAL', fundingSources: [h.accounts[currency]] });
  if (res.status !== 201) return undefined;
  for (let i = 0; i < 100; i++) {
    const c = await d.call('GET', `/cards/${encodeURIComponent(res.body.id)}`);
    if (c.body.state === 'ACTIVE') return res.body.id as string;
    await new Promise((r) => setTimeout(r, 5));
  }
  return undefined;
}

export const simulate = (d: Driver, cardId: string, name: string, body: unknown) =>
  d.call('POST', `/sandbox/cards/${encodeURIComponent(cardId)}/simulate/${name}`, body);
export const cardAuthorization = (d: Driver, cardId: string, amount: number) =>
  simulate(d, cardId, 'authorization', { amount, currency: { code: 'USD' }, merchant: { descriptor: 'Model Shop' } });

/** The card transactions of a card, newest first. */
export async function cardTransactions(d: Driver, h: Holder, cardId: string): Promise<any[]> {
  // The type query takes INCOMING or OUTGOING only (openapi.yaml, listTransactions): card ones are told by their own type.
  const res = await d.call('GET', `/transactions?customerId=${encodeURIComponent(h.id)}&limit=100`);
  return (res.body.data as any[]).filter((t) => t.type === 'CARD' && t.cardId === cardId);
}
