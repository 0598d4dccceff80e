// Request rules as data: each operation's documented field constraints (required, type, enum,
// pattern, format, length, range, exactly-one-of, forbidden), every one citing the sentence of the
// interface or the supplement it comes from. From them fast-check derives valid requests (every
// variant, every optional field present or not) and requests that break exactly one rule.
// Nothing here asserts: helpers/field-rules/check.ts sends the requests and judges the answers.
import fc from 'fast-check';

export type Constraint = 'required' | 'type' | 'integer' | 'enum' | 'pattern' | 'format' | 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'oneOf' | 'forbidden';

export interface FieldSpec {
  /** Dot path from the root of the body (or the query). */
  path: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  required?: boolean;
  /** An array's members: their documented enum or pattern (a broken member names `<path>.<index>`), and valid members. */
  items?: { enum?: readonly string[]; pattern?: RegExp; valid?: fc.Arbitrary<string> };
  enum?: readonly string[];
  /**
   * Values of a neighbouring list that the documents leave out of this enum (a factor SCA has, which
   * this operation refuses): the enum rule's bad values, so each request that judges it sends one.
   */
  nearMiss?: readonly string[];
  /** An array whose items each take one of these values (supplement §23: permissions*[enum]). */
  itemEnum?: readonly string[];
  /** A documented pattern; valid values are generated from it unless `valid` is given. */
  pattern?: RegExp;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** An array's documented least length ("≥1"). */
  minItems?: number;
  /** Valid values where no pattern says them (checksummed addresses, say). */
  valid?: fc.Arbitrary<unknown>;
  /** A documented format no pattern states (a checksum, a key length): values that break it alone. */
  format?: { name: string; invalid: fc.Arbitrary<string> };
  /** The field may not be given in this variant. */
  forbidden?: boolean;
  /** A documented bound the valid body with every optional field gives the field (0–10000: 10000). */
  edge?: unknown;
  /**
   * The value the documents give a field left out ("CHECKING default"): a valid request without the
   * field reads back with this value, or without the field.
   */
  default?: unknown;
  /** Other fields whose naming also counts for this field's rules (the other side of a forbidden combination). */
  alsoNamed?: string[];
  /** Where the documents say so: "supplement §7: MXN_ACCOUNT clabeNumber* (18 digits)". */
  cite: string;
  /** Where the documents give another refusal than 400 INVALID_INPUT naming the field (a code of its own, say). */
  error?: RuleError;
}

export interface RuleError {
  status: number;
  /** The code, or the codes the documents leave a choice between. */
  code: string | readonly string[];
  /** Whether details.errors[] must name the field (true for INVALID_INPUT, the default). */
  namesField: boolean;
}

export interface Variant {
  /** Shown in rule ids and messages: the accountType, say. */
  name: string;
  /** Values every body of this variant carries (its discriminator, the currency its type holds). */
  fixed: Record<string, unknown>;
  fields: FieldSpec[];
  /**
   * Exactly one of these paths is given; with `atLeastOne`, at least one (the documents say "a or b"
   * and are silent on both together, so no rule refuses both). Valid requests give one of them.
   */
  oneOf?: { paths: string[]; cite: string; atLeastOne?: boolean };
}

export interface RequestSpec {
  /** `POST /customers/external-accounts`: the catalog's operation id without `op:`. */
  operation: string;
  /** `form`: multipart/form-data, whose fields are all text, so no field has a type rule of its own. */
  part: 'body' | 'query' | 'form';
  variants: Variant[];
}

export interface Rule {
  /** `<path> <constraint>`, with the variants it holds in where the same path and constraint differ by variant: unique within the operation. */
  id: string;
  /** The variants the rule holds in, the same sentence for each: a generated request picks one. */
  variants: Variant[];
  path: string;
  constraint: Constraint;
  cite: string;
  /** The field the target's FieldError is expected to name (the oneOf group names its parent). */
  field: string;
  /** Other fields whose naming also counts (a oneOf group at the root of a query names any of its members). */
  alsoNamed?: string[];
  /**
   * An exactly-one-of group's members: its rule names the group's parent itself, or a member (not any
   * other field under the parent).
   */
  members?: string[];
  /** The refusal the documents give: 400 INVALID_INPUT naming the field unless the field says otherwise. */
  error?: RuleError;
  /** Turns a valid body into one that breaks this rule alone. */
  breaks: fc.Arbitrary<(body: Record<string, unknown>) => Record<string, unknown>>;
}

// ---------------------------------------------------------------------------------------------
// Dot paths

export function getPath(obj: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** A deep copy of `obj` with `path` set to `value` (or removed when `value` is undefined). */
export function withPath(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(obj);
  setPath(copy, path, value);
  return copy;
}

/** Sets `path` of `obj` itself to `value` (or removes it when `value` is undefined). */
function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = obj;
  for (const [i, k] of keys.slice(0, -1).entries()) {
    // A numeric next key is an array index (`feeConfigs.0.feeType`).
    if (!node[k] || typeof node[k] !== 'object') node[k] = /^\d+$/.test(keys[i + 1]) ? [] : {};
    node = node[k] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
}

// ---------------------------------------------------------------------------------------------
// Valid values

/**
 * The arbitrary `make()` returns, built when it is first used: it generates and shrinks exactly as
 * that arbitrary does (each call is handed on, the random source and shrink context as they come).
 * Building is the costly part of many arbitraries (fast-check tokenizes a pattern and computes a
 * string's shrink slices on construction), and most built here are never used where they are built:
 * every thread that loads the request modules builds each module's specs, the main thread only counts
 * their rules (the coverage report), and a worker uses the rules of the files it runs. Built at first
 * use, an arbitrary costs only the thread that generates from it, and only once.
 */
class Deferred<T> extends fc.Arbitrary<T> {
  private built: fc.Arbitrary<T> | undefined;
  constructor(private readonly make: () => fc.Arbitrary<T>) {
    super();
  }
  private get arbitrary(): fc.Arbitrary<T> {
    if (this.built) return this.built;
    // fast-check's string arbitraries compute their shrink slices when built, asking each character
    // arbitrary whether it could have made each character of its list of notable strings; a character
    // range answers "no" by throwing an error that fast-check catches. Capturing those errors' stack
    // traces is most of the cost of building, and nothing reads them: none is captured while building.
    // The limit is put back before anything else runs (building is synchronous); an
    // arbitrary that fails to build is built again with stack traces, so its error says where.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      this.built = this.make();
    } catch {
      Error.stackTraceLimit = limit;
      this.built = this.make();
    } finally {
      Error.stackTraceLimit = limit;
    }
    return this.built;
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.arbitrary.generate(mrng, biasFactor);
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.arbitrary.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.arbitrary.shrink(value, context);
  }
}
export const deferred = <T>(make: () => fc.Arbitrary<T>): fc.Arbitrary<T> => new Deferred(make);

/**
 * Arbitraries are immutable, while the catalog builds its specs afresh for each request: the same
 * pattern or text shape gets the same arbitrary, built at its first use (deferred).
 */
const built = new Map<string, fc.Arbitrary<string>>();
export const builtOnce = (key: string, make: () => fc.Arbitrary<string>): fc.Arbitrary<string> => {
  let arb = built.get(key);
  if (!arb) built.set(key, (arb = deferred(make)));
  return arb;
};

/** fast-check's stringMatching, built once per pattern. */
export const matching = (re: RegExp): fc.Arbitrary<string> => builtOnce(`matching /${re.source}/${re.flags}`, () => fc.stringMatching(re));

/**
 * Timestamps that are no instant, each in the shape of one with every part in its range (a value out of
 * shape or range is refused by any check of the shape): a day the month does not have, in a year to
 * come (a time past may be refused for that alone). Interface: "Timestamps are ISO 8601 strings".
 */
export const NOT_AN_INSTANT = fc.constantFrom('2031-02-30T10:00:00Z', '2031-04-31T12:00:00Z', '2031-02-29T08:15:00Z', '2031-06-31T00:00:00Z');

/**
 * ISO 3166-1 alpha-2 codes for valid countries: many, from every continent, so a target that knows only
 * a few refuses a valid request.
 */
export const COUNTRIES = [
  'US', 'MX', 'CA', 'BR', 'AR', 'CL', 'CO', 'PE', 'DE', 'FR', 'ES', 'IT', 'PT', 'NL', 'BE', 'IE', 'GB', 'SE', 'NO', 'PL', 'CH', 'AT',
  'NG', 'KE', 'GH', 'ZA', 'EG', 'MA', 'IN', 'JP', 'KR', 'CN', 'SG', 'PH', 'VN', 'ID', 'TH', 'AU', 'NZ', 'AE', 'SA', 'TR', 'IL',
] as const;

/** Values unique per request (14 random characters after `prefix`): for fields whose value a second resource may not share (409). */
export const unique = (prefix: string): fc.Arbitrary<string> => matching(/^[a-z0-9]{14}$/).map((s) => `${prefix}-${s}`);

const patternArb = (re: RegExp) => builtOnce(`pattern /${re.source}/${re.flags}`, () => fc.stringMatching(new RegExp(`^(?:${re.source.replace(/^\^|\$$/g, '')})$`, re.flags)));

/**
 * Letters, digits and spaces, of `minLength` to `maxLength` characters, starting and ending with a
 * letter or digit: a target may trim what it stores.
 */
const text = (minLength: number, maxLength: number) =>
  builtOnce(`text ${minLength}..${maxLength}`, () =>
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength, maxLength }).map((s) => s.replace(/^ /, 'a').replace(/ $/, 'z')),
  );

/**
 * A valid value of the field. `atEdge`: the field's documented `edge` where it has one; else a text
 * field with a documented maximum length and nothing else to shape it (no pattern, enum, format or
 * valid values of its own) takes exactly that length, so a target that holds it to less refuses a
 * valid request.
 */
export function validValue(f: FieldSpec, atEdge = false): fc.Arbitrary<unknown> {
  if (atEdge && f.edge !== undefined) return fc.constant(f.edge);
  if (atEdge && f.type === 'string' && f.maxLength !== undefined && !f.valid && !f.pattern && !f.enum && !f.format) return text(f.maxLength, f.maxLength);
  if (f.valid) return f.valid;
  if (f.enum) return fc.constantFrom(...f.enum);
  // The documented bounds, the upper one at least the lower (an integer field is sent whole numbers only).
  const lo = f.minimum ?? 0;
  const hi = Math.max(lo, f.maximum ?? lo + 1_000_000);
  switch (f.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
    case 'number':
      return fc.oneof(fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }), fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }));
    case 'array': {
      if (f.itemEnum) return fc.subarray([...f.itemEnum], { minLength: f.minItems ?? 0 });
      const member = f.items?.valid ?? (f.items?.enum ? fc.constantFrom(...f.items.enum) : f.items?.pattern ? patternArb(f.items.pattern) : validValue({ path: f.path, type: 'string', cite: f.cite }));
      return fc.uniqueArray(member as fc.Arbitrary<unknown>, { minLength: Math.max(1, f.minItems ?? 1), maxLength: Math.max(3, f.minItems ?? 1) });
    }
    case 'object':
      return fc.constant({});
    default: {
      // A pattern's values kept to the documented lengths too (a pattern may allow longer or shorter ones).
      if (f.pattern) return withinLengths(f, patternArb(f.pattern));
      const least = Math.max(1, f.minLength ?? 1);
      return text(least, Math.max(least, Math.min(f.maxLength ?? 40, 40)));
    }
  }
}

/** `arb`'s values of the field's documented length (minLength to maxLength), where it documents one. */
function withinLengths(f: FieldSpec, arb: fc.Arbitrary<string>): fc.Arbitrary<string> {
  if (f.minLength === undefined && f.maxLength === undefined) return arb;
  const min = f.minLength ?? 0;
  const max = f.maxLength ?? Number.POSITIVE_INFINITY;
  return arb.filter((s) => s.length >= min && s.length <= max);
}

/**
 * Fields given in a valid body: fixed values, required fields, and each optional field or not
 * (`optional`: each or not, every one, or none); of an exactly-one-of group, `member` or any one.
 */
export function validBody(v: Variant, optional: 'any' | 'all' | 'none' = 'any', member?: string): fc.Arbitrary<Record<string, unknown>> {
  const given = v.fields.filter((f) => !f.forbidden && !v.oneOf?.paths.includes(f.path));
  const parts = given.map((f) => {
    const entry = validValue(f, optional === 'all').map((x) => [f.path, x] as const);
    if (f.required || optional === 'all') return entry;
    return optional === 'none' ? fc.constant(undefined) : fc.option(entry, { nil: undefined });
  });
  // The exactly-one-of member given: `member` when named, else any.
  const one = v.oneOf
    ? (member ? fc.constant(member) : fc.constantFrom(...v.oneOf.paths)).chain((p) => validValue(v.fields.find((f) => f.path === p)!).map((x) => [p, x] as const))
    : fc.constant(undefined);
  // Built in place, each value a copy of its own: no generated value, nor a variant's fixed one, is
  // shared with the body (a copy of the whole body at each field made generation quadratic).
  const own = (value: unknown) => (value !== null && typeof value === 'object' ? structuredClone(value) : value);
  return fc.tuple(fc.tuple(...parts), one).map(([values, chosen]) => {
    const body: Record<string, unknown> = {};
    for (const entry of [...values, chosen]) if (entry) setPath(body, entry[0], own(entry[1]));
    for (const [path, value] of Object.entries(v.fixed)) setPath(body, path, own(value));
    return body;
  });
}

// ---------------------------------------------------------------------------------------------
// Values that break one rule

const WRONG_TYPE: Record<FieldSpec['type'], fc.Arbitrary<unknown>> = {
  string: fc.oneof(fc.integer(), fc.boolean(), fc.constant([])),
  integer: fc.oneof(fc.string({ minLength: 1, maxLength: 5 }), fc.boolean()),
  number: fc.oneof(fc.string({ minLength: 1, maxLength: 5 }), fc.boolean()),
  boolean: fc.oneof(fc.constantFrom('true', 'false', 'yes'), fc.integer({ min: 0, max: 1 })),
  object: fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean()),
  array: fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant({})),
};

/** Near misses of a pattern: a valid value with one character added, dropped or replaced, or a random string, none matching. */
function breakingPattern(f: FieldSpec): fc.Arbitrary<string> {
  const re = new RegExp(`^(?:${f.pattern!.source.replace(/^\^|\$$/g, '')})$`, f.pattern!.flags);
  const valid = patternArb(f.pattern!);
  const near = fc.tuple(valid, fc.nat(), fc.constantFrom('add', 'drop', 'letter', 'space')).map(([s, n, how]) => {
    const i = s.length ? n % s.length : 0;
    if (how === 'add') return `${s}${s[i] ?? '0'}`;
    if (how === 'drop') return s.slice(0, i) + s.slice(i + 1);
    if (how === 'letter') return `${s.slice(0, i)}${/[a-z]/.test(s[i] ?? '') ? '!' : 'x'}${s.slice(i + 1)}`;
    return `${s.slice(0, i)} ${s.slice(i)}`;
  });
  return fc.oneof(near, fc.string({ maxLength: 12 })).filter((s) => s.length > 0 && !re.test(s) && (f.maxLength === undefined || s.length <= f.maxLength));
}

/** Whether a pattern fixes its values' length, by pattern (sampled once). */
const fixedLength = new Map<string, boolean>();

/**
 * A value one character longer or shorter than a valid one, where the pattern fixes the length (every
 * such near miss of sampled valid values breaks it: 18 digits, 9 digits): a rule of its own, so every
 * request that judges it sends a wrong length. None where the pattern allows other lengths.
 */
function lengthMiss(f: FieldSpec, longer: boolean): fc.Arbitrary<string> | undefined {
  const re = new RegExp(`^(?:${f.pattern!.source.replace(/^\^|\$$/g, '')})$`, f.pattern!.flags);
  const miss = (s: string, longer: boolean) => (longer ? `${s}${s[s.length - 1] ?? '0'}` : s.slice(0, -1));
  const key = `/${f.pattern!.source}/${f.pattern!.flags}`;
  let fixed = fixedLength.get(key);
  if (fixed === undefined) {
    const samples = fc.sample(patternArb(f.pattern!), { numRuns: 20, seed: 1 });
    fixedLength.set(key, (fixed = samples.every((s) => s.length > 1 && !re.test(miss(s, true)) && !re.test(miss(s, false)))));
  }
  if (!fixed) return undefined;
  return patternArb(f.pattern!).map((s) => miss(s, longer)).filter((s) => s.length > 0 && !re.test(s));
}

const anchorBreaks = new Map<string, boolean>();
/**
 * A valid value with a character before it (or after it) that no documented pattern takes there: the
 * pattern holds for the whole value, not a part of it. Where '!' may stand there (a sampled value
 * with it still matches) or a maximum length bounds the value, no such rule.
 */
function anchorMiss(f: FieldSpec, atEnd: boolean): fc.Arbitrary<string> | undefined {
  if (f.maxLength !== undefined) return undefined;
  const re = new RegExp(`^(?:${f.pattern!.source.replace(/^\^|\$$/g, '')})$`, f.pattern!.flags);
  const wrap = (s: string) => (atEnd ? `${s}!` : `!${s}`);
  const key = `${atEnd ? 'end' : 'start'} /${f.pattern!.source}/${f.pattern!.flags}`;
  let applies = anchorBreaks.get(key);
  if (applies === undefined) anchorBreaks.set(key, (applies = fc.sample(patternArb(f.pattern!), { numRuns: 20, seed: 1 }).every((s) => !re.test(wrap(s)))));
  return applies ? patternArb(f.pattern!).map(wrap).filter((s) => !re.test(s)) : undefined;
}

type Change = (body: Record<string, unknown>) => Record<string, unknown>;
/** A change that prints what it does in fast-check's counterexamples. */
const change = (what: string, fn: Change): Change => Object.assign(fn, { [fc.toStringMethod]: () => what });

/** Sets one member of an exactly-one-of group, the others removed, so only the member's own rule breaks. */
const setAlone = (path: string, group: readonly string[], value: fc.Arbitrary<unknown>) =>
  value.map((x) => change(`set ${path} = ${JSON.stringify(x)}${group.length ? ` (alone of ${group.join(', ')})` : ''}`, (body) => withPath(group.reduce((b, p) => withPath(b, p, undefined), body), path, x)));

/** Every rule of a spec, each with the change that breaks it alone. */
export function rulesOf(spec: RequestSpec): Rule[] {
  const rules: (Rule & { kind: string })[] = [];
  for (const v of spec.variants) {
    let error: RuleError | undefined;
    // `breaks` is built when a request is generated from it (deferred): rule ids alone build none.
    const add = (path: string, constraint: Constraint, cite: string, breaks: () => Rule['breaks'], field = path, kind: string = constraint) => {
      // A rule stated once for several variants (the same field, constraint and sentence) is judged once, on any of them.
      const same = rules.find((r) => r.path === path && r.kind === kind && r.cite === cite);
      if (same) same.variants.push(v);
      else rules.push({ id: '', kind, variants: [v], path, constraint, cite, field, breaks: deferred(breaks), ...(error ? { error } : {}) });
    };
    for (const f of v.fields) {
      error = f.error;
      const group = v.oneOf?.paths.includes(f.path) ? v.oneOf.paths : undefined;
      const set = (path: string, value: fc.Arbitrary<unknown>) => setAlone(path, group ?? [], value);
      if (f.forbidden) {
        add(f.path, 'forbidden', f.cite, () => set(f.path, f.valid ?? validValue({ ...f, forbidden: false })));
        if (f.alsoNamed) rules.find((r) => r.path === f.path && r.kind === 'forbidden' && r.cite === f.cite)!.alsoNamed ??= f.alsoNamed;
        continue;
      }
      if (f.required && !v.oneOf?.paths.includes(f.path)) add(f.path, 'required', f.cite, () => fc.constant(change(`remove ${f.path}`, (b) => withPath(b, f.path, undefined))));
      // A query's values are all text, like a form's: no field has a type rule of its own.
      if (spec.part === 'body') add(f.path, 'type', f.cite, () => set(f.path, WRONG_TYPE[f.type]));
      // An integer (int64, smallest unit) is no fraction: a rule of its own, so every request that judges it sends one.
      if (f.type === 'integer' && spec.part === 'body') {
        const lo = f.minimum ?? 0;
        const hi = f.maximum ?? lo + 1000;
        add(f.path, 'integer', f.cite, () => set(f.path, fc.integer({ min: lo, max: Math.max(lo, hi - 1) }).map((n) => n + 0.5)));
      }
      if (f.enum) {
        const allowed = new Set(f.enum);
        const values = f.enum;
        const near = f.nearMiss;
        const wrong = () => (near ? fc.constantFrom(...near) : fc.oneof(fc.constantFrom(...values).map((s) => s.toLowerCase()), fc.string({ minLength: 1, maxLength: 10 })));
        add(f.path, 'enum', f.cite, () => set(f.path, wrong().filter((s) => !allowed.has(s))));
      }
      if (f.itemEnum) {
        const allowed = new Set(f.itemEnum);
        const values = f.itemEnum;
        const wrongItem = () => fc.oneof(fc.constantFrom(...values).map((s) => s.toLowerCase()), fc.string({ minLength: 1, maxLength: 10 })).filter((s) => !allowed.has(s));
        add(f.path, 'enum', f.cite, () => set(f.path, fc.tuple(fc.subarray([...values]), wrongItem()).map(([ok, bad]) => [...ok, bad])));
      }
      if (f.pattern) add(f.path, 'pattern', f.cite, () => set(f.path, breakingPattern(f)));
      // A fixed length missed by one, short and long: each a rule of its own, so every run sends both.
      for (const longer of [false, true]) {
        const wrongLength = f.pattern && f.type === 'string' ? lengthMiss(f, longer) : undefined;
        if (wrongLength) add(f.path, 'pattern', f.cite, () => set(f.path, wrongLength), f.path, longer ? 'pattern-length-long' : 'pattern-length-short');
      }
      // The pattern anchored at both ends: a stray character before or after a valid value, each a rule.
      for (const atEnd of [false, true]) {
        const unanchored = f.pattern && f.type === 'string' ? anchorMiss(f, atEnd) : undefined;
        if (unanchored) add(f.path, 'pattern', f.cite, () => set(f.path, unanchored), f.path, atEnd ? 'pattern-anchor-end' : 'pattern-anchor-start');
      }
      if (f.type === 'array' && f.items?.enum) {
        const values = f.items.enum;
        const allowed = new Set(values);
        const wrong = () => fc.oneof(fc.constantFrom(...values).map((s) => s.toLowerCase()), fc.string({ minLength: 1, maxLength: 10 })).filter((s) => !allowed.has(s));
        add(f.path, 'enum', f.cite, () => set(f.path, fc.tuple(validValue(f) as fc.Arbitrary<unknown[]>, wrong()).map(([ok, bad]) => [...ok, bad])));
      }
      if (f.type === 'array' && f.items?.pattern) {
        const member: FieldSpec = { path: f.path, type: 'string', pattern: f.items.pattern, cite: f.cite };
        add(f.path, 'pattern', f.cite, () => set(f.path, fc.tuple(validValue(f) as fc.Arbitrary<unknown[]>, breakingPattern(member)).map(([ok, bad]) => [...ok, bad])));
      }
      const { format, maxLength, minimum, maximum } = f;
      if (format) add(f.path, 'format', f.cite, () => set(f.path, format.invalid));
      // One past each documented bound, exactly: a target whose bound is off by one refuses nothing else.
      // The too-long value is a valid one repeated to maxLength + 1 (its own characters: digits stay digits).
      const over = (v: unknown) => {
        let out = typeof v === 'string' && v.length ? v : 'a';
        while (out.length <= maxLength!) out += out;
        return out.slice(0, maxLength! + 1);
      };
      if (maxLength !== undefined) add(f.path, 'maxLength', f.cite, () => set(f.path, (f.type === 'string' ? validValue(f) : fc.constant('a')).map(over)));
      if (f.minLength !== undefined && f.minLength > 0 && !f.pattern) add(f.path, 'minLength', f.cite, () => set(f.path, fc.constant('')));
      const step = f.type === 'number' ? 0.5 : 1;
      if (minimum !== undefined) add(f.path, 'minimum', f.cite, () => set(f.path, fc.constant(minimum - step)));
      if (maximum !== undefined) add(f.path, 'maximum', f.cite, () => set(f.path, fc.constant(maximum + step)));
      if (f.minItems !== undefined && f.minItems > 0) add(f.path, 'minItems', f.cite, () => set(f.path, fc.constant([])));
    }
    error = undefined;
    const oneOf = v.oneOf;
    if (oneOf) {
      // A group at the root has no parent to name: its rule is `a|b oneOf`, and naming any member counts.
      const parent = oneOf.paths[0].split('.').slice(0, -1).join('.');
      const root = parent === '';
      const group = oneOf.paths.map((p) => v.fields.find((f) => f.path === p)!);
      add(root ? oneOf.paths.join('|') : parent, 'oneOf', oneOf.cite, () => fc.constant(change(`remove ${oneOf.paths.join(', ')}`, (b) => oneOf.paths.reduce((x, p) => withPath(x, p, undefined), b))), root ? oneOf.paths[0] : parent);
      if (root) {
        const r = rules.find((x) => x.kind === 'oneOf' && x.path === oneOf.paths.join('|'))!;
        r.alsoNamed = oneOf.paths.slice(1);
      } else rules.find((x) => x.kind === 'oneOf' && x.path === parent)!.members = [...oneOf.paths];
      if (oneOf.atLeastOne) continue;
      const two = () => fc.tuple(...group.map((f) => validValue(f))).map((values) => change(`set all of ${oneOf.paths.join(', ')}`, (b) => group.reduce((x, f, i) => withPath(x, f.path, values[i]), b)));
      add(parent, 'oneOf', oneOf.cite, two, parent, 'oneOf-two');
      rules.find((x) => x.kind === 'oneOf-two' && x.path === parent)!.members = [...oneOf.paths];
    }
  }
  // Ids: `<path> <kind>`, and the variants' names where two rules share path and kind (a currency per account type, say).
  for (const r of rules) {
    const shared = rules.filter((x) => x.path === r.path && x.kind === r.kind).length > 1;
    r.id = `${r.path} ${r.kind}${shared ? ` (${r.variants.map((v) => v.name).join(' | ')})` : ''}`;
  }
  return rules.map(({ kind: _kind, ...rule }) => rule);
}

/** The rule ids a spec declares, for the coverage report's denominator. */
export const ruleIds = (spec: RequestSpec) => rulesOf(spec).map((r) => r.id);
