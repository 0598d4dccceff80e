// A suite schema held to the description's schema both ways, on the instances of ./variants.ts: what
// the description accepts the suite schema accepts (no stricter), and what the description refuses
// the suite schema refuses (no looser). The one room left is what the interface itself narrows
// beyond the description, or the description's own words narrow beyond its schema's types
// (NARROWINGS): the suite may refuse a value for that reason alone.
import type { z } from 'zod';
import { describedExamples, follow } from '../../../helpers/description/document.js';
import type { DescriptionValidator } from '../../../helpers/description/validator.js';
import { instancesOf, type Path } from './variants.js';

/** What the interface states beyond the description, by the message of the suite schema that judges it. */
export const NARROWINGS: readonly { message: RegExp; sentence: string; repair: (message: string) => unknown }[] = [
  {
    message: /^an identifier of the form (\w+):<uuid>$/,
    sentence: 'interface, Resources: "Identifiers are strings of the form <TypeName>:<uuid>"',
    repair: (m) => `${/form (\w+):/.exec(m)![1]}:019542f5-b3e7-1d02-0000-000000000001`,
  },
  {
    message: /^an identifier of the form (\w+):<id>$/,
    sentence: 'interface, Resources: InternalAccount and Webhook identifiers are <TypeName>:<id>',
    repair: (m) => `${/form (\w+):/.exec(m)![1]}:019542f5-b3e7-1d02-0000-000000000001`,
  },
  // The description's own words on a member its schema types loosely.
  {
    message: /^the last four digits of the PAN$/,
    sentence: 'openapi.yaml, Card.last4: "Last four digits of the card PAN." (type string)',
    repair: () => '4242',
  },
  {
    message: /^a year of four digits$/,
    sentence: 'openapi.yaml, Card.expYear: "Card expiration year (four digits)." (type integer)',
    repair: () => 2029,
  },
  {
    message: /^an ISO 8601 timestamp in UTC$/,
    sentence: 'interface, Resources: "Timestamps are ISO 8601 strings in UTC."',
    repair: () => '2025-10-13T12:00:00Z',
  },
];

interface Leaf {
  path: Path;
  message: string;
}

/** The issues of a refusal, a union's taken from its branch that came nearest (the fewest leaves beyond narrowings). */
function leaves(issues: readonly z.core.$ZodIssue[], base: Path = []): Leaf[] {
  const out: Leaf[] = [];
  for (const issue of issues) {
    const path = [...base, ...(issue.path as Path)];
    if (issue.code === 'invalid_union' && Array.isArray((issue as any).errors) && (issue as any).errors.length) {
      const branches = ((issue as any).errors as z.core.$ZodIssue[][]).map((b) => leaves(b, path));
      branches.sort((a, b) => a.filter((l) => !narrowed(l)).length - b.filter((l) => !narrowed(l)).length);
      out.push(...branches[0]);
    } else out.push({ path, message: issue.message });
  }
  return out;
}
const narrowed = (l: Leaf) => NARROWINGS.some((n) => n.message.test(l.message));

export interface Disagreement {
  /**
   * `stricter`: the description accepts and the suite schema refuses; `looser`: the other way;
   * `unsatisfiable`: an instance made of a branch the description itself can never accept (a
   * contradiction of the description, listed so that the row declares it).
   */
  kind: 'stricter' | 'looser' | 'unsatisfiable';
  instance: string;
  /** Where the suite schema refused, and why (stricter); the description's mismatch (looser). */
  detail: string;
}

/** Makes an instance meet the narrowings: each place the suite refuses for a narrowing alone gets a value that meets it. */
function repairWith(schema: z.ZodType) {
  return (value: unknown): unknown => {
    let v = structuredClone(value);
    for (let round = 0; round < 64; round++) {
      const r = schema.safeParse(v);
      if (r.success) return v;
      const fix = leaves(r.error.issues).find(narrowed);
      if (!fix) return v;
      const n = NARROWINGS.find((x) => x.message.test(fix.message))!;
      if (!fix.path.length) return n.repair(fix.message);
      const parent = fix.path.slice(0, -1).reduce<any>((o, k) => o?.[k], v);
      if (parent == null || typeof parent !== 'object') return v;
      parent[fix.path[fix.path.length - 1]] = n.repair(fix.message);
    }
    return v;
  };
}

/** The disagreements of one suite schema with the description's schema at `pointer`. */
export function disagreements(validator: DescriptionValidator, schema: z.ZodType, pointer: string, direction: 'response' | 'request' = 'response'): Disagreement[] {
  const { whole, broken } = instancesOf(validator.doc, pointer, repairWith(schema));
  const out: Disagreement[] = [];
  // A base the description or the suite schema refuses tells nothing by its breaks: it is reported as
  // it stands (a base the description refuses is a fault of ./variants.ts), and its breaks are left.
  const valid = new Set<unknown>();
  for (const w of whole) {
    const described = validator.validateAt(pointer, w.value, direction);
    // An enum value or a null set on the fullest instance may make it invalid (a discriminator's tag
    // naming another branch, a member another requires): those are left; the bases must hold.
    if (described.length && w.label.startsWith('fullest, /')) continue;
    if (described.length) out.push({ kind: 'unsatisfiable', instance: w.label, detail: described.map((m) => `${m.path} ${m.kind}: ${m.message}`).join('; ') });
    else if (schema.safeParse(w.value).success) valid.add(w.value);
  }
  for (const instance of [...whole.filter((w) => !w.label.startsWith('fullest, /') || validator.validateAt(pointer, w.value, direction).length === 0), ...broken.filter((b) => valid.has(b.base))]) {
    const described = validator.validateAt(pointer, instance.value, direction);
    const r = schema.safeParse(instance.value);
    if (described.length === 0 && !r.success) {
      const beyond = leaves(r.error.issues).filter((l) => !narrowed(l));
      if (beyond.length) out.push({ kind: 'stricter', instance: instance.label, detail: beyond.map((l) => `${l.path.length ? `/${l.path.join('/')}` : '(the whole)'}: ${l.message}`).join('; ') });
    } else if (described.length > 0 && r.success && broken.includes(instance)) {
      out.push({ kind: 'looser', instance: instance.label, detail: described.map((m) => `${m.path || '(the whole)'} ${m.kind}: ${m.message}`).join('; ') });
    }
  }
  return out;
}

/** The description's own examples of the schema at `pointer` (those of responses and webhooks whose schema is it) the suite schema refuses. */
export function refusedExamples(validator: DescriptionValidator, schema: z.ZodType, pointer: string): { name: string; detail: string }[] {
  const out: { name: string; detail: string }[] = [];
  for (const e of describedExamples(validator.doc)) {
    const at = follow(validator.doc, { $ref: `#${e.schemaPointer}` }, '').pointer;
    if (at !== pointer) continue;
    const r = schema.safeParse(e.value);
    if (!r.success) out.push({ name: e.name, detail: leaves(r.error.issues).map((l) => `${l.path.length ? `/${l.path.join('/')}` : '(the whole)'}: ${l.message}`).join('; ') });
  }
  return out;
}
