// The request-rule engine (helpers/field-rules/rules.ts) against the specs it serves: every generated
// valid body keeps every declared rule, and every broken body breaks its rule and changes nothing
// outside the rule's field (or its exactly-one-of group), so a refusal can only be for that rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredRules, undeclaredReasons } from '../../helpers/field-rules/declared.js';
import { catalogIds } from '../../helpers/spec/catalog.js';
import { actionReject, agentCreate, agentExternalAccountCreate, agentPatch, agentQuoteCreate, agentTransfer, policyPatch } from '../../helpers/field-rules/agents.js';
import { cardAuthorization, cardBalanceInquiry, cardChildSimulation, cardClearing, cardCreate, cardPatch } from '../../helpers/field-rules/cards.js';
import { configPatch, contactConfirm, customerCreate, customerPatch, documentUpload, kycLinkCreate, ownerCreate, ownerPatch, verificationCreate } from '../../helpers/field-rules/customers.js';
import { externalAccountCreate, ownershipChallenge, ownershipVerify, trustConfirm } from '../../helpers/field-rules/external-accounts.js';
import { invitationClaim, invitationCreate } from '../../helpers/field-rules/invitations.js';
import { receiverLookup } from '../../helpers/field-rules/receiver.js';
import { quoteAuthorize, quoteCreate, quoteExecute, sandboxFund, sandboxSend, sandboxUmaReceive, transferIn, transferOut } from '../../helpers/field-rules/quotes.js';
import { factorAdd, factorConfirm, loginComplete, loginStart, recordEvent, resetComplete, resetStart } from '../../helpers/field-rules/sca.js';
import { burnCreate, coinRegister, linkCreate, mintCreate } from '../../helpers/field-rules/stablecoins.js';
import { tokenCreate } from '../../helpers/field-rules/tokens.js';
import { transactionApprove, transactionCancel, transactionConfirm, transactionReject } from '../../helpers/field-rules/transactions.js';
import { accountExport, accountPatch, credentialChallenge, credentialCreate, credentialVerify, delegatedKeyCreate, sessionRefresh } from '../../helpers/field-rules/wallet.js';
import { deferred, getPath, rulesOf, validBody, type FieldSpec, type RequestSpec, type Variant } from '../../helpers/field-rules/rules.js';
import { rotating, rotatingPool } from '../../helpers/field-rules/rotating.js';

const SPECS: RequestSpec[] = [
  externalAccountCreate('POST /customers/external-accounts', true),
  externalAccountCreate('POST /platform/external-accounts', false),
  ownershipChallenge('customers'),
  ownershipVerify('customers'),
  trustConfirm('trust'),
  agentCreate(),
  agentPatch(),
  policyPatch(),
  actionReject(),
  agentTransfer('out'),
  agentTransfer('in'),
  agentQuoteCreate(),
  agentExternalAccountCreate(true),
  cardCreate(),
  cardPatch(),
  cardAuthorization(),
  cardClearing(),
  cardBalanceInquiry(),
  cardChildSimulation('return'),
  invitationCreate(),
  invitationClaim(),
  quoteCreate(),
  quoteExecute(),
  quoteAuthorize(),
  transferOut(),
  transferIn(),
  sandboxFund(),
  sandboxSend(),
  sandboxUmaReceive('$sender@uma.example'),
  tokenCreate(),
  factorAdd(),
  factorConfirm(),
  loginStart(),
  loginComplete(),
  recordEvent(),
  resetStart(),
  resetComplete(),
  linkCreate('LINK'),
  coinRegister('StablecoinProviderAccount:00000000-0000-4000-8000-000000000000'),
  mintCreate({ decimals: 6, sparkWalletId: 'ExternalAccount:00000000-0000-4000-8000-000000000001', bankAccountId: 'ExternalAccount:00000000-0000-4000-8000-000000000002' }),
  burnCreate({ decimals: 6, sparkWalletId: 'ExternalAccount:00000000-0000-4000-8000-000000000001', bankAccountId: 'ExternalAccount:00000000-0000-4000-8000-000000000002' }),
  customerCreate('2025-01'),
  customerPatch('2025-01'),
  kycLinkCreate(),
  verificationCreate(),
  contactConfirm('email'),
  ownerCreate(),
  ownerPatch(),
  documentUpload('POST /documents'),
  configPatch(),
  transactionCancel(),
  transactionConfirm(),
  transactionApprove(),
  transactionReject(),
  credentialCreate(),
  credentialChallenge(),
  credentialVerify(),
  sessionRefresh(),
  delegatedKeyCreate(),
  accountPatch(),
  accountExport(),
  receiverLookup('GET /receiver/uma/{receiverUmaAddress}'),
  receiverLookup('GET /receiver/external-account/{externalAccountId}'),
];

const anchored = (re: RegExp) => new RegExp(`^(?:${re.source.replace(/^\^|\$$/g, '')})$`, re.flags);

/** The declared rules a body keeps, read independently of the engine's generators. */
function problems(v: Variant, body: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const f of v.fields) {
    const value = getPath(body, f.path);
    if (f.forbidden) {
      if (value !== undefined) out.push(`${f.path} forbidden`);
      continue;
    }
    // A placeholder the scenario fills in (`<quote>`, `<amount>`): the scenario's value is judged there.
    if (typeof value === 'string' && /^<[a-z]+>$/.test(value)) continue;
    if (value === undefined) {
      if (f.required && !v.oneOf?.paths.includes(f.path)) out.push(`${f.path} required`);
      continue;
    }
    out.push(...valueProblems(f, value));
  }
  const given = v.oneOf?.paths.filter((p) => getPath(body, p) !== undefined).length;
  if (v.oneOf && (v.oneOf.atLeastOne ? given! < 1 : given !== 1)) out.push('oneOf');
  return out;
}

function valueProblems(f: FieldSpec, value: unknown): string[] {
  const out: string[] = [];
  const typeOk =
    f.type === 'object' ? typeof value === 'object' && value !== null && !Array.isArray(value) : f.type === 'array' ? Array.isArray(value) : f.type === 'integer' ? Number.isInteger(value) : typeof value === f.type;
  if (!typeOk) return [`${f.path} type`];
  if (Array.isArray(value)) {
    if (f.minItems !== undefined && value.length < f.minItems) out.push(`${f.path} minItems`);
    const members = f.itemEnum ?? f.items?.enum;
    if (members && value.some((x) => !members.includes(x))) out.push(`${f.path} enum`);
    if (f.items?.pattern && value.some((x) => typeof x !== 'string' || !anchored(f.items!.pattern!).test(x))) out.push(`${f.path} pattern`);
    return out;
  }
  if (f.enum && !f.enum.includes(value as string)) out.push(`${f.path} enum`);
  if (f.pattern && !anchored(f.pattern).test(value as string)) out.push(`${f.path} pattern`);
  if (f.maxLength !== undefined && (value as string).length > f.maxLength) out.push(`${f.path} maxLength`);
  if (f.minLength !== undefined && (value as string).length < f.minLength) out.push(`${f.path} minLength`);
  if (f.minimum !== undefined && (value as number) < f.minimum) out.push(`${f.path} minimum`);
  if (f.maximum !== undefined && (value as number) > f.maximum) out.push(`${f.path} maximum`);
  return out;
}

/** Leaf paths whose values differ between two bodies. */
function changed(a: unknown, b: unknown, path = ''): string[] {
  const objects = (x: unknown) => x && typeof x === 'object' && !Array.isArray(x);
  if (objects(a) && objects(b)) {
    const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
    return [...keys].flatMap((k) => changed((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [path];
}

describe('request rules', () => {
  for (const spec of SPECS) {
    it(`${spec.operation}: generated valid bodies keep every declared rule`, () => {
      for (const v of spec.variants) {
        fc.assert(fc.property(validBody(v), (body) => {
          expect(problems(v, body), `${v.name}: ${JSON.stringify(body)}`).toEqual([]);
        }), { numRuns: 25, seed: 17 });
      }
    });

    it(`${spec.operation}: the body with every optional field keeps every declared rule at its edges`, () => {
      for (const v of spec.variants) {
        fc.assert(fc.property(validBody(v, 'all'), (body) => {
          expect(problems(v, body), `${v.name} (every optional field): ${JSON.stringify(body).slice(0, 400)}`).toEqual([]);
        }), { numRuns: 3, seed: 17 });
      }
    });

    it(`${spec.operation}: each broken body breaks its rule and changes nothing outside its field`, () => {
      for (const rule of rulesOf(spec)) {
        fc.assert(
          fc.property(fc.constantFrom(...rule.variants).chain((v) => validBody(v).map((b) => [v, b] as const)), rule.breaks, ([v, valid], breakIt) => {
            const broken = breakIt(valid);
            const group = v.oneOf?.paths.includes(rule.path) || rule.constraint === 'oneOf' ? v.oneOf!.paths : [];
            // An optional parent the valid body left out comes with the broken field.
            const outside = changed(valid, broken).filter((p) => p !== rule.path && !p.startsWith(`${rule.path}.`) && !rule.path.startsWith(`${p}.`) && !group.includes(p));
            expect(outside, `${rule.id}: the change touches only ${rule.path}`).toEqual([]);
            if (['required', 'type', 'integer', 'enum', 'pattern', 'maxLength', 'minLength', 'minimum', 'maximum', 'minItems', 'forbidden', 'oneOf'].includes(rule.constraint)) {
              expect(problems(v, broken).length, `${rule.id}: the broken body breaks a declared rule: ${JSON.stringify(broken)}`).toBeGreaterThan(0);
            }
          }),
          { numRuns: 10, seed: 17 },
        );
      }
    });
  }

  it('every catalog operation declares rules or says why not, never both; every declared operation is a catalog operation', () => {
    const ops = catalogIds().operations.map((id) => id.replace(/^op:/, ''));
    const declared = declaredRules();
    const reasons = undeclaredReasons();
    for (const op of ops) expect(Number(op in declared) + Number(op in reasons), `${op}: declared rules or a reason, exactly one`).toBe(1);
    for (const op of [...Object.keys(declared), ...Object.keys(reasons)]) expect(ops, `${op} is a catalog operation`).toContain(op);
  });

  it('rule ids are unique per operation, and every declared operation is in the catalog of rules', () => {
    for (const [op, ids] of Object.entries(declaredRules())) {
      expect(new Set(ids).size, `${op}: rule ids are unique`).toBe(ids.length);
      expect(ids.length, `${op}: declares rules`).toBeGreaterThan(0);
    }
  });
});

describe('values next to a rule', () => {
  const spec: RequestSpec = {
    operation: 'POST /things',
    part: 'body',
    variants: [{
      name: 'T',
      fixed: {},
      fields: [
        { path: 'n', type: 'string', maxLength: 34, valid: fc.constant('1234'), cite: 't' },
        { path: 't', type: 'string', maxLength: 120, cite: 't' },
        { path: 'i', type: 'integer', minimum: 1, maximum: 500, edge: 500, cite: 't' },
        { path: 'x', type: 'number', minimum: 0, maximum: 100, cite: 't' },
        { path: 'e', type: 'string', enum: ['A', 'B'], nearMiss: ['C'], cite: 't' },
      ],
    }],
  };
  const rules = rulesOf(spec);
  const brokenValues = (id: string, path: string) => fc.sample(rules.find((r) => r.id === id)!.breaks, { numRuns: 6, seed: 3 }).map((b) => b({})[path]);

  it('break a bound one past it exactly, a too-long value made of a valid one\'s own characters', () => {
    expect(new Set(brokenValues('n maxLength', 'n'))).toEqual(new Set(['12341234123412341234123412341234123']));
    expect(brokenValues('t maxLength', 't').every((v) => typeof v === 'string' && v.length === 121)).toBe(true);
    expect(new Set(brokenValues('i minimum', 'i'))).toEqual(new Set([0]));
    expect(new Set(brokenValues('i maximum', 'i'))).toEqual(new Set([501]));
    expect(new Set(brokenValues('x minimum', 'x'))).toEqual(new Set([-0.5]));
    expect(new Set(brokenValues('x maximum', 'x'))).toEqual(new Set([100.5]));
  });

  it('break an enum with its near misses where the documents give a neighbouring list', () => {
    expect(new Set(brokenValues('e enum', 'e'))).toEqual(new Set(['C']));
  });

  it('give the body with every optional field a text field\'s full length and a field\'s documented edge', () => {
    const [body] = fc.sample(validBody(spec.variants[0], 'all'), { numRuns: 1, seed: 5 });
    expect((body.t as string).length).toBe(120);
    expect(body.i).toBe(500);
    expect(body.n).toBe('1234');
  });
});

describe('an arbitrary built at its first use (deferred)', () => {
  const make = () => fc.tuple(fc.stringMatching(/^[A-Z]{2}[0-9]{4,6}$/), fc.integer({ min: -50, max: 50 }));

  it('is built once, when it is first used', () => {
    let builds = 0;
    const arb = deferred(() => (builds++, make()));
    const mapped = arb.map(([s]) => s);
    expect(builds, 'built by neither its making nor a map of it').toBe(0);
    fc.sample(mapped, { numRuns: 5, seed: 1 });
    fc.sample(arb, { numRuns: 5, seed: 2 });
    expect(builds).toBe(1);
  });

  it('generates and shrinks exactly as the arbitrary it defers', () => {
    for (const seed of [1, 7, 42]) {
      expect(fc.sample(deferred(make), { numRuns: 30, seed })).toEqual(fc.sample(make(), { numRuns: 30, seed }));
      const fails = ([s, n]: [string, number]) => !(s.includes('7') && n > 10);
      const lazy = fc.check(fc.property(deferred(make), fails), { seed, numRuns: 500 });
      const eager = fc.check(fc.property(make(), fails), { seed, numRuns: 500 });
      expect(lazy.failed, 'the property fails for some value').toBe(true);
      expect([lazy.counterexample, lazy.numShrinks, lazy.counterexamplePath]).toEqual([eager.counterexample, eager.numShrinks, eager.counterexamplePath]);
    }
  });
});

describe('a resource shared by valid requests', () => {
  it('serves each resource at most the allowed number of times, then makes a new one', async () => {
    let made = 0;
    const next = rotating(2, async () => ++made);
    const served = [];
    for (let i = 0; i < 5; i++) served.push(await next());
    expect(served).toEqual([1, 1, 2, 2, 3]);
    const unbounded = rotating(Number.POSITIVE_INFINITY, async () => ++made);
    for (let i = 0; i < 4; i++) expect(await unbounded()).toBe(4);
  });

  it('pooled, answers the resources handed out since the last asking, the current one carried over', async () => {
    let made = 0;
    const pool = rotatingPool(2, async () => ++made);
    for (let i = 0; i < 3; i++) await pool.next();
    expect(await pool.used()).toEqual([1, 2]);
    expect(await pool.used()).toEqual([]);
    expect(await pool.next()).toBe(2);
    expect(await pool.next()).toBe(3);
    expect(await pool.used()).toEqual([2, 3]);
  });
});
