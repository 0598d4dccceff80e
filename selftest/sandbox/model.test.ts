// Model-based self-test of the sandbox (fast-check commands): random sequences of valid calls
// (customers created and deleted, funding, quotes executed and authorized, cancellations, cards
// issued, authorized, cleared, returned, frozen, accounts frozen, time passing) against an
// in-process sandbox. After every step: no 5xx, every answer of 400 or above of the interface's
// error body with a known code, every success answer of the interface's shape for its operation
// (./driver.ts, SHAPES; the sandbox's own freeze trigger has no interface shape), no failure of scheduled work, no account below zero, and the money
// funded all accounted for (balances, payments in flight, fees and card pulls that left). A failing
// sequence shrinks to a minimal one. The issue's three sequences run as fixed cases.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, shapeProblem, startDriver, type Driver } from './driver.js';
import { authorize, cancel, card, cardAuthorization, cardTransactions, execute, fund, holder, quote, simulate, type Holder } from './flows.js';

interface Model {
  holders: Holder[];
  /** USD funded into this sequence's customers. */
  funded: number;
  quotes: { id: string; transactionId: string }[];
  cards: { id: string; holder: Holder }[];
}
interface Real {
  d: Driver;
}

let d: Driver;

beforeAll(async () => {
  // MODEL_FAULTS=a,b runs the model against a sandbox with those faults on (to watch a sequence fail and shrink).
  d = await startDriver({ faults: (process.env.MODEL_FAULTS ?? '').split(',') });
});
afterAll(async () => {
  await d.close();
});

/** The invariants over this sequence's customers (earlier sequences' payments may still be settling). */
function checkInvariants(m: Readonly<Model>, what: string) {
  expect(d.scheduledFailures, `${what}: scheduled work failed`).toEqual([]);
  const l = ledger(d, new Set(m.holders.map((h) => h.id)));
  expect(l.negative, `${what}: an account below zero`).toEqual([]);
  expect(l.accounted.get('USD') ?? 0, `${what}: the USD funded is all accounted for`).toBe(m.funded);
}

const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

abstract class Step implements fc.AsyncCommand<Model, Real> {
  abstract check(m: Readonly<Model>): boolean;
  abstract act(m: Model): Promise<void>;
  async run(m: Model): Promise<void> {
    await this.act(m);
    checkInvariants(m, this.toString());
  }
  abstract toString(): string;
}

class NewHolder extends Step {
  constructor(readonly sca: boolean) { super(); }
  check = () => true;
  async act(m: Model) { m.holders.push(await holder(d, this.sca)); }
  toString() { return `NewHolder(${this.sca ? 'SCA' : 'US'})`; }
}
class Fund extends Step {
  constructor(readonly i: number, readonly amount: number) { super(); }
  check = (m: Readonly<Model>) => m.holders.length > 0;
  async act(m: Model) {
    const res = await fund(d, pick(m.holders, this.i).accounts.USD, this.amount);
    if (res.status === 200) m.funded += this.amount;
  }
  toString() { return `Fund(${this.i}, ${this.amount})`; }
}
/** A payment to another holder's internal account, or to the payer's own bank account (ACH: the one a cancel applies to). */
class Pay extends Step {
  constructor(readonly i: number, readonly j: number, readonly amount: number, readonly now: boolean, readonly bank: boolean) { super(); }
  check = (m: Readonly<Model>) => m.holders.length > 1;
  async act(m: Model) {
    const from = pick(m.holders, this.i);
    const others = m.holders.filter((h) => h !== from);
    const res = await quote(d, from, pick(others, this.j), this.amount, this.now, this.bank);
    if (res.status === 201) m.quotes.push({ id: res.body.id, transactionId: res.body.transactionId });
  }
  toString() { return `Pay(${this.i}, ${this.j}, ${this.amount}${this.now ? ', now' : ''}${this.bank ? ', bank' : ''})`; }
}
class Execute extends Step {
  constructor(readonly k: number) { super(); }
  check = (m: Readonly<Model>) => m.quotes.length > 0;
  async act(m: Model) { await execute(d, pick(m.quotes, this.k).id); }
  toString() { return `Execute(${this.k})`; }
}
class Authorize extends Step {
  constructor(readonly k: number) { super(); }
  check = (m: Readonly<Model>) => m.quotes.length > 0;
  async act(m: Model) { await authorize(d, pick(m.quotes, this.k).id); }
  toString() { return `Authorize(${this.k})`; }
}
class Cancel extends Step {
  constructor(readonly k: number) { super(); }
  check = (m: Readonly<Model>) => m.quotes.length > 0;
  async act(m: Model) { await cancel(d, pick(m.quotes, this.k).transactionId); }
  toString() { return `Cancel(${this.k})`; }
}
class DeleteHolder extends Step {
  constructor(readonly i: number) { super(); }
  check = (m: Readonly<Model>) => m.holders.length > 0;
  async act(m: Model) { await d.call('DELETE', `/customers/${encodeURIComponent(pick(m.holders, this.i).id)}`); }
  toString() { return `DeleteHolder(${this.i})`; }
}
class FreezeAccount extends Step {
  constructor(readonly i: number) { super(); }
  check = (m: Readonly<Model>) => m.holders.length > 0;
  async act(m: Model) { await d.call('POST', `/sandbox/internal-accounts/${encodeURIComponent(pick(m.holders, this.i).accounts.USD)}/freeze`, {}); }
  toString() { return `FreezeAccount(${this.i})`; }
}
class IssueCard extends Step {
  constructor(readonly i: number) { super(); }
  check = (m: Readonly<Model>) => m.holders.length > 0;
  async act(m: Model) {
    const h = pick(m.holders, this.i);
    const id = await card(d, h);
    if (id) m.cards.push({ id, holder: h });
  }
  toString() { return `IssueCard(${this.i})`; }
}
class CardAuthorize extends Step {
  constructor(readonly c: number, readonly amount: number, readonly financial: boolean) { super(); }
  check = (m: Readonly<Model>) => m.cards.length > 0;
  async act(m: Model) {
    const { id } = pick(m.cards, this.c);
    if (this.financial) await simulate(d, id, 'financial_authorization', { amount: this.amount, currency: { code: 'USD' }, merchant: { descriptor: 'Model Shop' } });
    else await cardAuthorization(d, id, this.amount);
  }
  toString() { return `CardAuthorize(${this.c}, ${this.amount}${this.financial ? ', financial' : ''})`; }
}
/** A clearing or a return of one of the card's transactions (the newest in a state that takes it). */
class CardFollowUp extends Step {
  constructor(readonly c: number, readonly amount: number, readonly kind: 'clearing' | 'return' | 'return_reversal') { super(); }
  check = (m: Readonly<Model>) => m.cards.length > 0;
  async act(m: Model) {
    const { id, holder: h } = pick(m.cards, this.c);
    const wanted = this.kind === 'clearing' ? ['AUTHORIZED', 'PARTIALLY_SETTLED'] : this.kind === 'return' ? ['SETTLED'] : ['REFUNDED'];
    const t = (await cardTransactions(d, h, id)).find((x) => wanted.includes(x.status));
    if (!t) return;
    const net = (t.settledAmount?.amount ?? 0) - (t.refundedAmount?.amount ?? 0);
    const body = this.kind === 'return_reversal' ? { cardTransactionId: t.id } : { cardTransactionId: t.id, amount: this.kind === 'return' ? Math.max(1, Math.min(this.amount, net)) : this.amount };
    await simulate(d, id, this.kind, body);
  }
  toString() { return `CardFollowUp(${this.c}, ${this.amount}, ${this.kind})`; }
}
class FreezeCard extends Step {
  constructor(readonly c: number, readonly state: 'FROZEN' | 'ACTIVE') { super(); }
  check = (m: Readonly<Model>) => m.cards.length > 0;
  async act(m: Model) { await d.call('PATCH', `/cards/${encodeURIComponent(pick(m.cards, this.c).id)}`, { state: this.state }); }
  toString() { return `FreezeCard(${this.c}, ${this.state})`; }
}
/** Waits until nothing is scheduled: every debited payment has then completed or been refunded. */
class Settle extends Step {
  check = () => true;
  async act(m: Model) {
    await d.quiet();
    expect(ledger(d, new Set(m.holders.map((h) => h.id))).inFlight, 'Settle: debited payments neither completed nor refunded').toEqual([]);
  }
  toString() { return 'Settle'; }
}
class Wait extends Step {
  constructor(readonly ms: number) { super(); }
  check = () => true;
  async act() { await new Promise((r) => setTimeout(r, this.ms)); }
  toString() { return `Wait(${this.ms})`; }
}

const index = fc.nat({ max: 7 });
const amount = fc.integer({ min: 1, max: 1500 });
const COMMANDS = [
  fc.boolean().map((sca) => new NewHolder(sca)),
  fc.tuple(index, amount).map(([i, a]) => new Fund(i, a)),
  fc.tuple(index, index, amount, fc.boolean(), fc.boolean()).map(([i, j, a, now, bank]) => new Pay(i, j, a, now, bank)),
  index.map((k) => new Execute(k)),
  index.map((k) => new Authorize(k)),
  index.map((k) => new Cancel(k)),
  index.map((i) => new DeleteHolder(i)),
  index.map((i) => new FreezeAccount(i)),
  index.map((i) => new IssueCard(i)),
  fc.tuple(index, amount, fc.boolean()).map(([c, a, f]) => new CardAuthorize(c, a, f)),
  fc.tuple(index, fc.integer({ min: 0, max: 1500 }), fc.constantFrom('clearing', 'return', 'return_reversal') as fc.Arbitrary<'clearing' | 'return' | 'return_reversal'>).map(([c, a, k]) => new CardFollowUp(c, a, k)),
  fc.tuple(index, fc.constantFrom('FROZEN', 'ACTIVE') as fc.Arbitrary<'FROZEN' | 'ACTIVE'>).map(([c, s]) => new FreezeCard(c, s)),
  fc.integer({ min: 0, max: 40 }).map((ms) => new Wait(ms)),
];
// Money moves more often than the rest happens.
COMMANDS.push(COMMANDS[2], COMMANDS[3], COMMANDS[4], COMMANDS[5], COMMANDS[9], COMMANDS[10], COMMANDS[10]);

/** Each sequence starts from two funded customers (one of an SCA region) and a card of the first. */
const setup = async () => {
  const us = await holder(d);
  const sca = await holder(d, true);
  for (const h of [us, sca]) await fund(d, h.accounts.USD, 1000);
  const cardId = await card(d, us);
  return { model: { holders: [us, sca], funded: 2000, quotes: [], cards: cardId ? [{ id: cardId, holder: us }] : [] } as Model, real: { d } };
};
const empty = () => ({ model: { holders: [], funded: 0, quotes: [], cards: [] } as Model, real: { d } });

describe('sandbox model', () => {
  it('keeps its invariants over random sequences of valid calls', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(COMMANDS, { maxCommands: 16 }), async (cmds) => {
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 200 },
    );
    await d.quiet();
    expect(d.scheduledFailures).toEqual([]);
    expect(ledger(d).negative, 'no account below zero once everything settled').toEqual([]);
    expect(ledger(d).inFlight, 'every debited payment completed or refunded once everything settled').toEqual([]);
    // Every operation the commands called had its success answers checked against a shape.
    expect([...d.unshaped].filter((op) => op !== 'POST /sandbox/internal-accounts/{id}/freeze'), 'operations answered without a shape to check').toEqual([]);
  }, 60_000);

  it('the shape check refuses an answer not of the interface\'s shape', () => {
    expect(shapeProblem('POST', '/customers', 201, { id: 'Customer:1' }).problem).toBeDefined();
    expect(shapeProblem('GET', '/transactions', 200, { data: [{ type: 'OUTGOING' }], hasMore: false }).problem).toBeDefined();
    expect(shapeProblem('POST', '/quotes/Quote:1/execute', 201, {}).problem).toMatch(/answers 200/);
    expect(shapeProblem('GET', '/transactions', 200, { data: [], hasMore: false }).problem).toBeUndefined();
  });

  // The issue's sequences, kept as fixed cases (each step checked as in the random runs).
  it('a payment in flight whose customer is deleted', async () => {
    await fc.asyncModelRun(empty, [new NewHolder(false), new NewHolder(false), new Fund(0, 1000), new Pay(0, 0, 500, true, false), new DeleteHolder(0), new Wait(80), new Settle()]);
    expect((await d.call('GET', '/transactions')).status).toBe(200);
  });

  it('two SCA-authorized quotes over the balance', async () => {
    await fc.asyncModelRun(empty, [new NewHolder(true), new NewHolder(false), new Fund(0, 1000), new Pay(0, 0, 800, false, false), new Pay(0, 0, 800, false, false), new Execute(0), new Execute(1), new Authorize(0), new Authorize(1), new Wait(80), new Settle()]);
  });

  it('cancel, then wait', async () => {
    await fc.asyncModelRun(empty, [new NewHolder(false), new NewHolder(false), new Fund(0, 1000), new Pay(0, 0, 600, true, true), new Cancel(0), new Wait(80), new Settle()]);
  });
});
