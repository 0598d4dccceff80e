// Judges an operation against its request rules (helpers/field-rules/rules.ts) with generated data:
// every rule is broken alone in seeded, shrinking fast-check runs, and the target must refuse with
// 400 INVALID_INPUT naming the field as a dot path in details.errors[] and change nothing
// (interface, Errors: "On 400 field-validation errors from submit endpoints, details.errors is an
// array of FieldError, one per invalid field"; FieldError `field` "dot-notation path to the
// offending field"); every variant's valid requests (the one with every optional field, the one with
// none, then more as generated) are accepted and read back with the values sent.
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { expect, inject } from 'vitest';
import type { z } from 'zod';
import { fileSeed } from '../../fixtures/random.js';
import type { ApiResponse } from '../client.js';
import { recordRule } from '../coverage/recorder.js';
import { codesForStatus } from '../spec/catalog.js';
import { sentToBreak } from '../description/intent.js';
import { inPool } from '../concurrency.js';
import { exchangesGrouped } from '../harness.js';
import { expectError, expectFieldErrors, expectStatus, FIELD_ERRORS_UNSTATED, noteInterface } from '../expect.js';
import { fieldErrorsOf } from '../schemas/errors.js';
import { getPath, rulesOf, validBody, type RequestSpec, type Rule, type Variant } from './rules.js';

/**
 * Generated requests per rule and per variant: the run's `SVC_RULE_RUNS`, else one in an embedded run
 * (its time budget) and three against any other target (helpers/target/settings.ts generationSettings).
 */
export const runs = () => inject('target').ruleRuns;

/** A seed per file and rule: `SVC_SEED` replays the same requests, whatever else ran. */
export function seedFor(id: string): number {
  const base = fileSeed(inject('target').seed, expect.getState().testPath ?? 'unknown');
  return (base ^ createHash('sha256').update(id).digest().readUInt32BE(0)) | 0;
}

type Body = Record<string, unknown>;

/**
 * The valid requests of a variant a run sends, as fast-check parameters: first the body with every
 * optional field and the body with none (so every optional field is judged present and absent in
 * every run, whatever SVC_RULE_RUNS), then `runs() - 1` generated as they come (each optional field or
 * not). Every value is drawn from the run's seed. A variant without optional fields sends its one
 * edge body once. Each member of an exactly-one-of group is given in one of these bodies.
 */
export function validRequests(variant: Variant, id: string, atLeast = 0): { arbitrary: fc.Arbitrary<Body>; parameters: fc.Parameters<[Body]> } {
  const seed = seedFor(id);
  // An exactly-one-of group's members each given once: the first in the body with every optional
  // field, the second in the one with none, any further one in a body of its own.
  const members = variant.oneOf?.paths ?? [];
  const edges = (['all', 'none'] as const).map((optional, i) => fc.sample(validBody(variant, optional, members[i]), { numRuns: 1, seed: seed + i + 1 })[0]);
  for (const [i, member] of members.slice(2).entries()) edges.push(fc.sample(validBody(variant, 'any', member), { numRuns: 1, seed: seed + i + 3 })[0]);
  const distinct = edges.filter((b, i) => edges.findIndex((x) => JSON.stringify(x) === JSON.stringify(b)) === i);
  return {
    arbitrary: validBody(variant),
    parameters: { seed, examples: distinct.map((b) => [b] as [Body]), numRuns: distinct.length + Math.max(runs() - 1, atLeast - distinct.length, 0) },
  };
}

/**
 * fast-check's failure with the suite's judgement first: the AssertionError that failed (so the run
 * counts it as a failed expectation), its message followed by the shrunk counterexample and the seed.
 */
export async function judged(run: Promise<void>): Promise<void> {
  try {
    await run;
  } catch (e) {
    const cause = (e as Error).cause;
    if (cause instanceof Error && cause.name === 'AssertionError') {
      cause.message = `${cause.message}\n${(e as Error).message}`;
      throw cause;
    }
    throw e;
  }
}

export interface NegativeOptions {
  spec: RequestSpec;
  /** The variants to judge (default all). */
  variants?: (v: Variant) => boolean;
  /** Adds the scenario's context (a customerId) to a generated valid body. */
  complete?: (body: Body) => Body | Promise<Body>;
  send: (body: Body) => Promise<ApiResponse>;
  /**
   * Asserts that nothing changed (a list still empty, say) after the refusals of the rules named by
   * `rule.id` (one or several: see checkRulesRefused).
   */
  unchanged?: (rule: Pick<Rule, 'id'>) => Promise<void>;
  /**
   * `complete` and `send` keep no state from one request to the next (no proof made by `complete`
   * for the `send` after it, say): the rules between two readings may then be judged concurrently.
   */
  independent?: boolean;
}

/**
 * Where a refused request broke a rule of the very field a "nothing changed" read finds its effect by
 * (the customer a list is filtered by, say), a target that stored it anyway stored it under that field
 * as sent, or made a string of it. collect() notes, for each request that did not carry the scenario's
 * own value, the forms the value could have been stored as (as a string and as JSON; for a request that
 * left it out, "undefined" and "null"); holds() says whether a listed item's value of the field is one of
 * them, or empty (which no item of a required id field has). The caller reads the whole list: a filter
 * by such a value may be refused, or an empty one list everything.
 */
export class StrayValues {
  private readonly forms = new Set<string>();

  /** `own`: the scenario's own value of the field, or a test of it (a marker that varies per request). */
  constructor(private readonly field: string, private readonly own: unknown) {}

  /** Notes the forms of `body`'s field when it is not the scenario's own value; answers the body. */
  collect<B extends Record<string, unknown>>(body: B): B {
    const value = body[this.field];
    if (typeof this.own === 'function' ? (this.own as (v: unknown) => boolean)(value) : value === this.own) return body;
    const forms = this.field in body ? [String(body[this.field]), JSON.stringify(body[this.field])] : ['undefined', 'null'];
    for (const form of forms) this.forms.add(form);
    return body;
  }

  /** Whether a stored value of the field is one a refused request could have left: a noted form, or none. */
  holds(value: unknown): boolean {
    return value === undefined || value === null || value === '' || this.forms.has(String(value));
  }
}

/**
 * Rules judged between two readings of "nothing changed": a reading per rule would be a large share of
 * a run's requests, and a refused request that changed the resource leaves it changed (its
 * fields hold that request's values, not the ones before), so a later reading finds it. Eight keeps a
 * failure's candidates to the eight rules it names, each with its requests in the report.
 */
export const RULES_PER_READING = 8;

/**
 * Every rule of the spec broken alone, in `runs()` generated requests each: 400 INVALID_INPUT naming the
 * field, nothing changed. "Nothing changed" is read after every RULES_PER_READING rules and after the
 * last, and when a refusal is judged wrong: a change made before that answer (a transaction already
 * cancelled by an earlier request that was refused all the same, say) may explain it, so the failure
 * then says what the read found and the rules whose requests may have made the change. A rule is
 * recorded as exercised once the reading after it has passed.
 */
export async function checkRulesRefused(o: NegativeOptions): Promise<Rule[]> {
  const rules = rulesOf(o.spec)
    .map((r) => ({ ...r, variants: r.variants.filter((v) => !o.variants || o.variants(v)) }))
    .filter((r) => r.variants.length > 0);
  expect(rules.length, `${o.spec.operation}: the spec declares rules`).toBeGreaterThan(0);
  /** The rules whose refusals were sent and judged since "nothing changed" was last read. */
  const sent: Rule[] = [];
  const named = (rs: readonly Rule[]) => (rs.length === 1 ? rs[0].id : `any of the ${rs.length} rules ${rs.map((r) => r.id).join(', ')}`);
  const readUnchanged = async () => {
    if (sent.length) await o.unchanged?.({ id: named(sent) });
    for (const r of sent.splice(0)) recordRule(o.spec.operation, r.id);
  };
  // The rules between two readings are judged together, `concurrency` at a time (SVC_CONCURRENCY),
  // where the requests are independent (`independent`): against a remote target the run then waits
  // on many at once, not on one after another. One at a time, each rule's exchanges are an attachment
  // of their own; together, the readings' group's are one.
  const width = o.independent ? Math.max(1, inject('target').concurrency ?? 1) : 1;
  for (let i = 0; i < rules.length; i += RULES_PER_READING) {
    const group = rules.slice(i, i + RULES_PER_READING);
    const failures = new Array<unknown>(group.length);
    const judgeAll = () => inPool(group, width, async (rule, k) => {
      // After a failure no further rule is started (those in flight finish): the run stops there, as one at a time.
      if (failures.some((f) => f !== undefined)) return;
      try {
        await judgeRule(o, rule, width === 1);
      } catch (failure) {
        failures[k] = failure ?? new Error(`${rule.id}: failed`);
      }
    });
    if (width === 1) await judgeAll();
    else await exchangesGrouped(`${o.spec.operation} ${group.map((r) => r.id).join(', ')}`, judgeAll);
    const at = failures.findIndex((f) => f !== undefined);
    if (at >= 0) {
      const failure = failures[at];
      // A change made before this answer, by this rule's requests or another one's since the last
      // reading, may explain it: a read says so after the failure, naming those rules.
      if (o.unchanged && failure instanceof Error) {
        try {
          await o.unchanged({ id: named([...sent, ...(width === 1 ? group.slice(0, at + 1) : group)]) });
        } catch (changed) {
          failure.message = `${failure.message}\n(a read after it finds the resource changed, which may explain this answer: ${changed instanceof Error ? changed.message : String(changed)})`;
        }
      }
      throw failure;
    }
    sent.push(...group);
    if (sent.length >= RULES_PER_READING) await readUnchanged();
  }
  await readUnchanged();
  return rules;
}

/**
 * The refusal a rule gets where it names none of its own. A body or form: 400 INVALID_INPUT naming the
 * field (interface, Errors: "On 400 field-validation errors from submit endpoints, details.errors is an
 * array of FieldError, one per invalid field"; the description's FieldError). A query: 400 with the
 * error body and a code the description lists for 400; no document gives query refusals a code of
 * their own or FieldErrors, so neither is judged.
 */
export function defaultRefusal(spec: Pick<RequestSpec, 'part'>, field = ''): NonNullable<Rule['error']> {
  if (spec.part === 'query') return { status: 400, code: codesForStatus(400) ?? ['INVALID_INPUT'], namesField: false };
  const leaf = field.split('.').pop() ?? '';
  // The interface's 400 list names INVALID_BANK_ACCOUNT and INVALID_CURRENCY, and supplement 28.3
  // says which operation answers them is not stated: a bank identifier or a currency refused with
  // them is refused as described.
  const also = [...(BANK_IDENTIFIERS.has(leaf) ? ['INVALID_BANK_ACCOUNT'] : []), ...(/currency/i.test(leaf) ? ['INVALID_CURRENCY'] : [])];
  return { status: 400, code: also.length ? ['INVALID_INPUT', ...also] : 'INVALID_INPUT', namesField: true };
}

/** The members of an account's details that identify a bank account (openapi.yaml's per-accountType account infos). */
const BANK_IDENTIFIERS: ReadonlySet<string> = new Set(['iban', 'routingNumber', 'intermediaryRoutingNumber', 'accountNumber', 'clabeNumber', 'swiftCode', 'sortCode', 'bankCode', 'branchCode', 'ifsc', 'pixKey']);

/**
 * The submit endpoints, where FieldErrors must come: those openapi.yaml's FieldError names ("Field-
 * validation errors on submit endpoints (e.g. `POST /customers`, `PATCH /customers/{id}`) emit an array
 * of these under `details.errors`"). Which other operations are submit endpoints no document says, so
 * there the FieldErrors are judged where given (FieldError.field: "Dot-notation path to the offending
 * field") and their absence is noted.
 */
export const SUBMIT_ENDPOINTS: ReadonlySet<string> = new Set(['POST /customers', 'PATCH /customers/{customerId}']);


/** A FieldError's field with bracketed positions written as dot segments (`owners[0].name` as `owners.0.name`): both are dot-notation paths as commonly written (interface, FieldError: "dot-notation path"). */
const dotPath = (field: unknown) => (typeof field === 'string' ? field.replace(/\[(\d+)\]/g, '.$1') : field);

/** One rule broken in `runs()` generated requests: each refused with the rule's error, naming its field. */
async function judgeRule(o: NegativeOptions, rule: Rule, ownGroup: boolean): Promise<void> {
  const why = `${o.spec.operation} ${rule.id}: ${rule.cite}`;
  const error = rule.error ?? defaultRefusal(o.spec, rule.field);
  const codes: readonly string[] = typeof error.code === 'string' ? [error.code] : error.code;
  const expected = [rule.field, ...(rule.alsoNamed ?? [])];
  // The field, or a path under it; an exactly-one-of group's parent itself or one of its members.
  const isRuleField = (f: unknown) => typeof f === 'string' && (rule.members
    ? f === rule.field || rule.members.some((m) => f === m || f.startsWith(`${m}.`))
    : expected.some((n) => f === n || f.startsWith(`${n}.`)));
  // An object holding the field: with a member broken (a discriminator, say), the object is invalid too.
  const isAncestor = (f: unknown) => typeof f === 'string' && expected.some((n) => n.startsWith(`${f}.`));
  // "one per invalid field": a request that breaks one rule has that field named, and no other field
  // (an object holding it aside).
  const namesRuleField = (fields: unknown[]) => fields.some(isRuleField) && fields.every((f) => isRuleField(f) || isAncestor(f));
  const mustName = error.namesField && SUBMIT_ENDPOINTS.has(o.spec.operation);
  let fullyJudged = false;
  const grouped = <T>(fn: () => Promise<T>) => (ownGroup ? exchangesGrouped(`${o.spec.operation} ${rule.id}`, fn) : fn());
  await grouped(() => judged(fc.assert(
    fc.asyncProperty(fc.constantFrom(...rule.variants).chain(validBody), rule.breaks, async (valid, breakIt) => {
      const bad = breakIt(o.complete ? await o.complete(valid) : valid);
      // Sent to break the rule's field alone: a run held to a description checks that it breaks nothing else there.
      const res = await sentToBreak(rule.members ? [rule.field, ...rule.members] : expected, () => o.send(bad));
      // The rule's first answer goes through every expectation (the error body's schema, coverage); an
      // answer that reads the same is refused alike; any other answer goes through them all again and fails there.
      const b = res.body as { status?: unknown; code?: unknown; message?: unknown; details?: { errors?: { field?: unknown }[] } } | undefined;
      const fields = Array.isArray(b?.details?.errors) ? b.details.errors.map((e) => dotPath(e?.field)) : [];
      const alike = res.status === error.status && b?.status === error.status && codes.includes(String(b?.code)) && typeof b?.message === 'string' && (!error.namesField || (!mustName && !fields.length) || namesRuleField(fields));
      if (alike && fullyJudged) return;
      fullyJudged = alike;
      const body = expectError(res, error.status, error.code, `a request breaking one documented rule is refused (${why})`);
      if (!error.namesField) return;
      const given = (fieldErrorsOf(body) ?? []).map((e) => dotPath(e.field));
      if (!given.length && !mustName) {
        noteInterface('field-errors:absent', FIELD_ERRORS_UNSTATED, `${o.spec.operation}: a request breaking ${rule.id} was refused 400 ${String(body.code)} without details.errors`);
        return;
      }
      expect(
        namesRuleField(given),
        `Errors: "details.errors is an array of FieldError, one per invalid field", FieldError field the "dot-notation path to the offending field"; ${why}: only ${rule.members ? `${rule.field} or ${rule.members.join(', ')}` : expected.join(' or ')} (or a path under it, beside the objects holding it) may be named in details.errors[], got ${JSON.stringify(given)}`,
      ).toBe(true);
    }),
    { seed: seedFor(`${o.spec.operation} ${rule.id}`), numRuns: runs() },
  )));
}

export interface PositiveOptions<S extends z.ZodType> {
  spec: RequestSpec;
  variants?: (v: Variant) => boolean;
  complete?: (body: Body) => Body | Promise<Body>;
  send: (body: Body) => Promise<ApiResponse>;
  created: { status: number; schema: S };
  /** Reads the created resource back (GET by id). */
  readBack: (created: z.infer<S>) => Promise<ApiResponse>;
  /** The read-back's schema where it differs from the create's answer (POST /agents answers {agent, deviceCode}, GET the Agent). */
  readSchema?: z.ZodType;
  /** The sent paths the resource carries back (default every one): a quote echoes its source and destination, not its request's amounts. */
  echoes?: (path: string) => boolean;
  /** Paths a target may answer masked but for the last four characters (isMaskedForm), noted. */
  masked?: (path: string) => boolean;
  /** Values a target may answer in place of the one sent, per path (documented aliases). */
  aliases?: Record<string, (sent: unknown) => unknown[]>;
  /** After the round trip: more checks on the same request (a duplicate refused, say). */
  then?: (sent: Body, created: z.infer<S>) => Promise<void>;
  /** The variants' requests touch nothing the others read (see NegativeOptions.independent): they may go concurrently. */
  independent?: boolean;
}

/** Leaf paths of a request body (objects descended, arrays and scalars are leaves). */
function leaves(obj: Body, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return v && typeof v === 'object' && !Array.isArray(v) ? leaves(v as Body, path) : [path];
  });
}

/** An ISO 8601 date-time in UTC ("…Z" or "…+00:00", as IsoUtc reads the interface's "ISO 8601 strings in UTC"), with or without fractions of a second. */
const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)$/;

/**
 * Lists whose order the documents give: supplement 9, a card's fundingSources "in priority order".
 * No sentence orders any other list a request sends (permissions, roles, currencies, categories,
 * countries, account ids), so those read back as the same elements in any order.
 */
export const ORDERED_LISTS = new Set(['fundingSources']);
export const isOrderedList = (path: string) => ORDERED_LISTS.has(path.split('.').pop()!);

/**
 * Whether `read` gives back `sent`: equal, or, for a UTC timestamp, the same instant written otherwise
 * ("…:00Z" for "…:00.000Z"). An object gives back each member sent, in any order and beside members
 * of its own (the description leaves every object open). A list gives back each element sent and
 * nothing else: in order where `ordered` (ORDERED_LISTS), else in any order, an element sent twice
 * given back once or twice (a target may keep the list as a set).
 */
export function readsBackAs(sent: unknown, read: unknown, ordered = false): boolean {
  if (typeof sent === 'string' && typeof read === 'string' && UTC_INSTANT.test(sent) && UTC_INSTANT.test(read)) return Date.parse(sent) === Date.parse(read);
  if (Array.isArray(sent)) {
    if (!Array.isArray(read)) return false;
    if (ordered) return read.length === sent.length && sent.every((x, i) => readsBackAs(x, read[i]));
    const unused = read.map((_, k) => k);
    for (const [i, x] of sent.entries()) {
      const j = unused.findIndex((k) => readsBackAs(x, read[k]));
      if (j >= 0) unused.splice(j, 1);
      else if (!sent.slice(0, i).some((y) => isDeepStrictEqual(x, y))) return false;
    }
    return unused.length === 0;
  }
  if (sent !== null && typeof sent === 'object') {
    if (read === null || typeof read !== 'object' || Array.isArray(read)) return false;
    return Object.entries(sent).every(([k, v]) => v === undefined || readsBackAs(v, (read as Record<string, unknown>)[k], ORDERED_LISTS.has(k)));
  }
  return sent === read;
}

/**
 * Whether `back` is `sent` masked but for its last four characters (`***-**-6789` for `123-45-6789`):
 * an identity number a target keeps and answers masked. No document says an owner's identifier comes
 * back unmasked (openapi.yaml, BeneficialOwnerPersonalInfo requires a string; supplement 4 makes the
 * individual's write-only), so a masked one is described.
 */
export function isMaskedForm(sent: unknown, back: unknown): boolean {
  if (typeof sent !== 'string' || typeof back !== 'string' || sent.length < 4 || back === sent) return false;
  return back.endsWith(sent.slice(-4)) && back.length > 4 && !/[0-9]/.test(back.slice(0, -4));
}
export const MASKED_NOTE = ['openapi.yaml, BeneficialOwnerPersonalInfo: identifier is required (a string); whether it is answered as sent or masked is not stated'];

/** A list given back in another order or without its repeats: allowed where no sentence orders it (ORDERED_LISTS), and observed. */
const LIST_ORDER_NOTE = ['Request rules: no document orders the lists a request sends, but for a card\'s fundingSources (supplement 9: "priority order")'];

/** No document says a resource carries back every optional member it was created or changed with: one left out is observed, not judged. */
const LEFT_OUT_NOTE = ['Request rules: a resource read back after a create or an update carries the members sent (which optional members it gives back is not stated)'];

/** Valid requests of every variant are accepted and read back with every value sent. */
export async function checkValidAccepted<S extends z.ZodType>(o: PositiveOptions<S>): Promise<void> {
  const variants = o.spec.variants.filter((v) => !o.variants || o.variants(v));
  expect(variants.length, `${o.spec.operation}: the spec declares variants`).toBeGreaterThan(0);
  const creates = o.spec.operation.startsWith('POST ');
  // The variants one after another, or `concurrency` at a time where they are independent (their
  // exchanges then one attachment: see checkRulesRefused).
  const width = o.independent ? Math.max(1, inject('target').concurrency ?? 1) : 1;
  const grouped = (title: string, fn: () => Promise<void>) => (width === 1 ? exchangesGrouped(title, fn) : fn());
  const judgeVariant = async (variant: Variant) => {
    const why = `${o.spec.operation} (${variant.name}): a request within every documented rule is accepted and read back unchanged`;
    const { arbitrary, parameters } = validRequests(variant, `${o.spec.operation} ${variant.name} valid`);
    await grouped(`${o.spec.operation} (${variant.name}) valid requests`, () => judged(fc.assert(
      fc.asyncProperty(arbitrary, async (valid) => {
        const sent = o.complete ? await o.complete(valid) : valid;
        const created = expectStatus(await o.send(sent), o.created.status, o.created.schema, why);
        const read = expectStatus(await o.readBack(created), 200, o.readSchema ?? o.created.schema, why) as Body;
        for (const path of leaves(sent).filter((p) => !o.echoes || o.echoes(p))) {
          const allowed = [getPath(sent, path), ...(o.aliases?.[path]?.(getPath(sent, path)) ?? [])];
          const back = getPath(read, path);
          // A member the read leaves out is observed (the response schema judges which members it must carry); one it gives must be the one sent.
          if (back === undefined) {
            noteInterface(`field-rules:${o.spec.operation}:left-out`, LEFT_OUT_NOTE, `${o.spec.operation} (${variant.name}): ${path} was sent and the read leaves it out`);
            continue;
          }
          const ordered = isOrderedList(path);
          if (Array.isArray(back) && !allowed.some((a) => readsBackAs(a, back, true)) && allowed.some((a) => readsBackAs(a, back, ordered))) {
            noteInterface(`field-rules:${o.spec.operation}:list-order`, LIST_ORDER_NOTE, `${o.spec.operation} (${variant.name}): ${path} was sent as ${JSON.stringify(getPath(sent, path))} and reads back as ${JSON.stringify(back)}`);
          }
          if (o.masked?.(path) && isMaskedForm(getPath(sent, path), back)) {
            noteInterface(`field-rules:${o.spec.operation}:masked`, MASKED_NOTE, `${o.spec.operation} (${variant.name}): ${path} reads back masked`);
            continue;
          }
          if (!allowed.some((a) => readsBackAs(a, back, ordered))) {
            expect(allowed, `${why}: ${path} was sent as ${JSON.stringify(getPath(sent, path))} and reads back as ${JSON.stringify(back)}`).toContainEqual(back);
          }
        }
        // A field a create left out takes the documented default: it reads back so, or not at all (an
        // update that leaves a field out leaves it as it was).
        for (const f of variant.fields.filter((x) => creates && x.default !== undefined && getPath(sent, x.path) === undefined)) {
          const back = getPath(read, f.path);
          expect(back === undefined || back === null || readsBackAs(f.default, back, isOrderedList(f.path)), `${why}: ${f.path} was left out, and reads back as ${JSON.stringify(back)}, not its default ${JSON.stringify(f.default)} (${f.cite})`).toBe(true);
        }
        await o.then?.(sent, created);
      }),
      parameters,
    )));
  };
  if (width === 1) for (const variant of variants) await judgeVariant(variant);
  else await exchangesGrouped(`${o.spec.operation} valid requests of ${variants.length} variants`, () => inPool(variants, width, judgeVariant).then(() => undefined));
}
