// checkRulesRefused (helpers/field-rules/check.ts) against a scripted target: when "nothing changed" is
// read (after every RULES_PER_READING rules and after the last), what a failed reading names, and what a
// read finds added to a refusal judged wrong.
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import type { ApiResponse } from '../../helpers/client.js';
import type { RequestSpec } from '../../helpers/field-rules/rules.js';

const recorded = vi.hoisted(() => [] as string[]);
// Judgement only: nothing recorded into the reports of a run, and the run's generation settings given here.
vi.mock('../../helpers/coverage/recorder.js', () => ({ recordCovered: () => undefined, recordNote: () => undefined, recordSkip: () => undefined, recordRule: (_op: string, rule: string) => recorded.push(rule) }));
vi.mock('../../helpers/allure.js', () => ({ allureTag: () => undefined, allureLabel: () => undefined, allureAttach: () => undefined }));
vi.mock('../../helpers/harness.js', () => ({ exchangesGrouped: <T>(_title: string, fn: () => Promise<T>) => fn() }));
vi.mock('vitest', async (original) => ({ ...(await original<typeof import('vitest')>()), inject: () => ({ seed: 20261128, ruleRuns: 1 }) }));

const { checkRulesRefused, checkValidAccepted, isMaskedForm, readsBackAs, RULES_PER_READING } = await import('../../helpers/field-rules/check.js');

/** An operation with `n` required text fields: each field's absence is one rule, its type another. */
function spec(n: number): RequestSpec {
  const fields = Array.from({ length: n }, (_, i) => ({ path: `f${i}`, type: 'string' as const, required: true, cite: 'test' }));
  return { operation: 'POST /things', part: 'body', variants: [{ name: 'THING', fixed: {}, fields }] };
}

/** A refusal that names the fields the body lacks or carries with another type. */
function refuse(body: Record<string, unknown>, n: number): ApiResponse {
  const errors = Array.from({ length: n }, (_, i) => `f${i}`).filter((f) => typeof body[f] !== 'string').map((field) => ({ field, message: 'bad' }));
  const answer = { status: 400, code: 'INVALID_INPUT', message: 'refused', details: { errors } };
  return { status: 400, headers: {}, body: answer, text: JSON.stringify(answer), exchange: { method: 'POST', template: '/things', path: '/things', status: 400, durationMs: 1, request: { headers: {} }, response: { headers: {}, body: answer } } };
}

describe('checkRulesRefused', () => {
  it('reads "nothing changed" after every RULES_PER_READING rules and after the last, naming the rules read for, and records each rule once read', async () => {
    recorded.length = 0;
    const readings: string[] = [];
    const rules = await checkRulesRefused({ spec: spec(5), send: async (b) => refuse(b, 5), unchanged: async (rule) => void readings.push(rule.id) });
    expect(rules).toHaveLength(10);
    expect(RULES_PER_READING).toBe(8);
    expect(readings).toEqual([`any of the 8 rules ${rules.slice(0, 8).map((r) => r.id).join(', ')}`, `any of the 2 rules ${rules.slice(8).map((r) => r.id).join(', ')}`]);
    expect(recorded).toEqual(rules.map((r) => r.id));
  });

  it('fails when a reading finds a change, and records none of the rules it was read for', async () => {
    recorded.length = 0;
    let changed = false;
    const failure = await checkRulesRefused({
      spec: spec(5),
      send: async (b) => {
        changed = true; // a refused request that changed the resource all the same
        return refuse(b, 5);
      },
      unchanged: async (rule) => expect(changed, `requests breaking ${rule.id} changed nothing`).toBe(false),
    }).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^requests breaking any of the 8 rules f0 required, .* changed nothing/);
    expect(recorded).toEqual([]);
  });

  it('adds what a read finds to a refusal judged wrong: a change made before that answer, by its own requests or earlier ones', async () => {
    recorded.length = 0;
    let sent = 0;
    const failure = await checkRulesRefused({
      spec: spec(2),
      send: async (b) => {
        sent++;
        // The first refused request changed the resource; from then on the target answers 409.
        if (sent === 1) return refuse(b, 2);
        const answer = { status: 409, code: 'CONFLICT', message: 'already changed' };
        return { ...refuse(b, 2), status: 409, body: answer };
      },
      unchanged: async (rule) => expect(sent, `requests breaking ${rule.id} changed nothing`).toBe(0),
    }).catch((e: Error) => e);
    expect((failure as Error).message).toMatch(/expected HTTP 400[\s\S]*\(a read after it finds the resource changed, which may explain this answer: requests breaking any of the 2 rules f0 required, f0 type changed nothing/);
    expect(recorded).toEqual([]);
  });

  it('names the field the rule expects, and the fields the refusal gave, when a refusal names another field', async () => {
    const failure = await checkRulesRefused({
      spec: spec(2),
      send: async (b) => {
        const answer = { status: 400, code: 'INVALID_INPUT', message: 'refused', details: { errors: [{ field: 'other', message: 'bad' }] } };
        return { ...refuse(b, 2), body: answer };
      },
      unchanged: async () => undefined,
    }).catch((e: Error) => e);
    expect((failure as Error).message).toMatch(/POST \/things f0 required: test: only f0 \(or a path under it, beside the objects holding it\) may be named in details\.errors\[\], got \["other"\]/);
  });

  it('fails a refusal that names a valid field beside the broken one ("one per invalid field"), and passes one that names a path under the field', async () => {
    const extra = await checkRulesRefused({
      spec: spec(2),
      send: async (b) => {
        const r = refuse(b, 2);
        const answer = { ...(r.body as Record<string, unknown>), details: { errors: [...((r.body as { details: { errors: unknown[] } }).details.errors), { field: 'f1', message: 'also bad' }] } };
        return { ...r, body: answer };
      },
      unchanged: async () => undefined,
    }).catch((e: Error) => e);
    expect((extra as Error).message).toMatch(/POST \/things f0 required: test: only f0 \(or a path under it, beside the objects holding it\) may be named in details\.errors\[\], got \["f0","f1"\]/);
    const under = await checkRulesRefused({
      spec: spec(1),
      send: async (b) => {
        const r = refuse(b, 1);
        const answer = { ...(r.body as Record<string, unknown>), details: { errors: [{ field: 'f0.inner', message: 'bad' }] } };
        return { ...r, body: answer };
      },
      unchanged: async () => undefined,
    });
    expect(under.map((r) => r.id)).toEqual(['f0 required', 'f0 type']);
    // An object holding the field may be named beside it (the object is invalid too), not alone.
    const nested: RequestSpec = { operation: 'POST /things', part: 'body', variants: [{ name: 'THING', fixed: {}, fields: [{ path: 'p', type: 'object', required: true, valid: fc.constant({}), cite: 'test' }, { path: 'p.q', type: 'string', required: true, cite: 'test' }] }] };
    const naming = (fields: (b: Record<string, unknown>) => string[]) => async (b: Record<string, unknown>) => {
      const answer = { status: 400, code: 'INVALID_INPUT', message: 'refused', details: { errors: fields(b).map((field) => ({ field, message: 'bad' })) } };
      return { ...refuse({}, 0), body: answer };
    };
    const broken = (b: Record<string, unknown>) => (b.p && typeof b.p === 'object' ? 'p.q' : 'p');
    const withParent = await checkRulesRefused({ spec: nested, send: naming((b) => (broken(b) === 'p.q' ? ['p.q', 'p'] : ['p'])), unchanged: async () => undefined });
    expect(withParent.map((r) => r.id)).toContain('p.q required');
    const parentAlone = await checkRulesRefused({ spec: nested, send: naming(() => ['p']), unchanged: async () => undefined }).catch((e: Error) => e);
    expect((parentAlone as Error).message).toMatch(/p\.q (required|type): test: only p\.q \(or a path under it, beside the objects holding it\) may be named in details\.errors\[\], got \["p"\]/);
  });

  it('holds an exactly-one-of group under a parent to its parent or its members, not any other field under the parent', async () => {
    const group: RequestSpec = {
      operation: 'POST /things',
      part: 'body',
      variants: [{
        name: 'THING',
        fixed: {},
        fields: [
          { path: 'p.kind', type: 'string', required: true, cite: 'test' },
          { path: 'p.a', type: 'string', cite: 'test' },
          { path: 'p.b', type: 'string', cite: 'test' },
        ],
        oneOf: { paths: ['p.a', 'p.b'], cite: 'test one of' },
      }],
    };
    const sendNaming = (field: string) => async (b: Record<string, unknown>) => {
      const p = (b.p ?? {}) as Record<string, unknown>;
      const broken = typeof p.kind !== 'string' ? 'p.kind' : p.a !== undefined && typeof p.a !== 'string' ? 'p.a' : p.b !== undefined && typeof p.b !== 'string' ? 'p.b' : field;
      const answer = { status: 400, code: 'INVALID_INPUT', message: 'refused', details: { errors: [{ field: broken, message: 'bad' }] } };
      return { ...refuse({}, 0), body: answer };
    };
    const wrong = await checkRulesRefused({ spec: group, send: sendNaming('p.kind'), unchanged: async () => undefined }).catch((e: Error) => e);
    expect((wrong as Error).message).toMatch(/only p or p\.a, p\.b \(or a path under it, beside the objects holding it\) may be named in details\.errors\[\], got \["p\.kind"\]/);
    const right = await checkRulesRefused({ spec: group, send: sendNaming('p'), unchanged: async () => undefined });
    expect(right.map((r) => r.id)).toContain('p oneOf');
  });

  it('fails a wrong refusal as it is when nothing changed before it', async () => {
    const failure = await checkRulesRefused({
      spec: spec(2),
      send: async (b) => ({ ...refuse(b, 2), status: 409, body: { status: 409, code: 'CONFLICT', message: 'no' } }),
      unchanged: async () => undefined,
    }).catch((e: Error) => e);
    expect((failure as Error).message).toMatch(/expected HTTP 400/);
    expect((failure as Error).message).not.toMatch(/a read after it/);
  });
});

describe('a value read back (checkValidAccepted)', () => {
  it('is the value sent, or for a UTC timestamp the same instant written otherwise', () => {
    expect(readsBackAs('2025-03-01T10:00:00.000Z', '2025-03-01T10:00:00Z')).toBe(true);
    expect(readsBackAs('2025-03-01T10:00:00Z', '2025-03-01T10:00:00.000000Z')).toBe(true);
    expect(readsBackAs('2025-03-01T10:00:00.000Z', '2025-03-01T10:00:01Z'), 'another instant').toBe(false);
    expect(readsBackAs('2025-03-01T10:00:00.250Z', '2025-03-01T10:00:00Z'), 'a fraction dropped is another instant').toBe(false);
    expect(readsBackAs('2025-03-01', '2025-03-01T00:00:00Z'), 'a date is not a timestamp').toBe(false);
    expect(readsBackAs('2025-03-01T10:00:00+00:00', '2025-03-01T10:00:00Z'), 'UTC written with +00:00 is the same instant').toBe(true);
    expect(readsBackAs('2025-03-01T10:00:00+01:00', '2025-03-01T09:00:00Z'), 'an offset other than UTC is not read as an instant').toBe(false);
    expect(readsBackAs({ a: [1, 'x'] }, { a: [1, 'x'] })).toBe(true);
    expect(readsBackAs([{ a: 1, b: 2 }], [{ b: 2, a: 1, c: 3 }]), 'members in another order, and one of its own').toBe(true);
    expect(readsBackAs([{ a: 1, b: 2 }], [{ a: 1 }]), 'a member sent and not given back').toBe(false);
    expect(readsBackAs([1, 2], [2, 1], true), 'an ordered list in another order').toBe(false);
    expect(readsBackAs([1, 2], [2, 1]), 'a list no sentence orders, in another order').toBe(true);
    expect(readsBackAs(['A', 'B', 'A'], ['B', 'A']), 'a repeat given back once (kept as a set)').toBe(true);
    expect(readsBackAs(['A', 'B'], ['A']), 'an element left out').toBe(false);
    expect(readsBackAs(['A'], ['A', 'C']), 'an element not sent').toBe(false);
    expect(readsBackAs(['A', 'B'], ['A', 'A']), 'an element sent once given twice, another left out').toBe(false);
    expect(readsBackAs({ fundingSources: ['a', 'b'] }, { fundingSources: ['b', 'a'] }), "fundingSources are in priority order (supplement 9)").toBe(false);
    expect(readsBackAs({ permissions: ['a', 'b'] }, { permissions: ['b', 'a'] })).toBe(true);
    expect(readsBackAs('USD', 'usd')).toBe(false);
    expect(isMaskedForm('123-45-6789', '***-**-6789'), 'masked but for the last four').toBe(true);
    expect(isMaskedForm('123-45-6789', 'XXXXX6789')).toBe(true);
    expect(isMaskedForm('123-45-6789', '***-**-6780'), 'another last four').toBe(false);
    expect(isMaskedForm('123-45-6789', '1**-**-6789'), 'a digit shown before the last four').toBe(false);
    expect(isMaskedForm('123-45-6789', '123-45-6789'), 'the value itself is no masked form').toBe(false);
    expect(isMaskedForm('123-45-6789', '6789'), 'the last four alone').toBe(false);
  });

  it('is the documented default, or nothing, for a field a create left out; an update that leaves it out is not judged so', async () => {
    const thing = (operation: string): RequestSpec => ({
      operation,
      part: 'body',
      variants: [{ name: 'THING', fixed: {}, fields: [{ path: 'kind', type: 'string', enum: ['CHECKING', 'SAVINGS'], default: 'CHECKING', cite: 'test: kind? (CHECKING default)' }] }],
    });
    /** A scripted target that stores `kind` as sent, and `stored` where it was left out. */
    const target = (stored: string | undefined) => {
      let last: Record<string, unknown> = {};
      const answer = (status: number, body: Record<string, unknown>): ApiResponse => ({ status, headers: {}, body, text: JSON.stringify(body), exchange: { method: 'POST', template: '/things', path: '/things', status, durationMs: 1, request: { headers: {} }, response: { headers: {}, body } } });
      return {
        send: async (b: Record<string, unknown>) => answer(201, (last = { id: 'Thing:1', ...(b.kind !== undefined ? { kind: b.kind } : stored !== undefined ? { kind: stored } : {}) })),
        readBack: async () => answer(200, last),
      };
    };
    const schema = z.looseObject({ id: z.string() });
    const run = (operation: string, stored: string | undefined) => checkValidAccepted({ spec: thing(operation), ...target(stored), created: { status: 201, schema } }).then(() => 'passed', (e: Error) => e.message);
    expect(await run('POST /things', 'CHECKING')).toBe('passed');
    expect(await run('POST /things', undefined)).toBe('passed');
    expect(await run('POST /things', 'SAVINGS')).toMatch(/kind was left out, and reads back as "SAVINGS", not its default "CHECKING"/);
    expect(await run('PATCH /things/{id}', 'SAVINGS'), 'an update leaves an omitted field as it was').toBe('passed');
  });
});
