// checkRulesRefused (helpers/requests/check.ts) against a scripted target: when "nothing changed" is
// read (after every RULES_PER_READING rules and after the last), what a failed reading names, and what a
// read finds added to a refusal judged wrong.
import { describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '../../helpers/client.js';
import type { RequestSpec } from '../../helpers/requests/rules.js';

const recorded = vi.hoisted(() => [] as string[]);
// Judgement only: nothing recorded into the reports of a run, and the run's generation settings given here.
vi.mock('../../helpers/coverage/recorder.js', () => ({ recordCovered: () => undefined, recordNote: () => undefined, recordSkip: () => undefined, recordRule: (_op: string, rule: string) => recorded.push(rule) }));
vi.mock('../../helpers/allure.js', () => ({ allureTag: () => undefined, allureLabel: () => undefined, allureAttach: () => undefined }));
vi.mock('../../helpers/harness.js', () => ({ exchangesGrouped: <T>(_title: string, fn: () => Promise<T>) => fn() }));
vi.mock('vitest', async (original) => ({ ...(await original<typeof import('vitest')>()), inject: () => ({ seed: 20261128, ruleRuns: 1 }) }));

const { checkRulesRefused, readsBackAs, RULES_PER_READING } = await import('../../helpers/requests/check.js');

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
    expect((failure as Error).message).toMatch(/POST \/things f0 required: test: expected f0 \(or a path under it\) in details\.errors\[\], got \["other"\]/);
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
    expect(readsBackAs('2025-03-01T10:00:00+00:00', '2025-03-01T10:00:00Z'), 'only UTC written with Z is read as an instant').toBe(false);
    expect(readsBackAs({ a: [1, 'x'] }, { a: [1, 'x'] })).toBe(true);
    expect(readsBackAs('USD', 'usd')).toBe(false);
  });
});
