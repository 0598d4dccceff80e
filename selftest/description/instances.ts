// The smallest instance a schema of the description describes: its required members only, each the
// schema's own `example` where it gives one, else its first enum value, const, a value of its format,
// or a plain value of its type. The self-tests start from it and break one thing at a time.
import fc from 'fast-check';
import { at, type Node } from '../../helpers/description/document.js';

/** A value of each string format the description uses. */
export const BY_FORMAT: Record<string, string> = {
  'date-time': '2025-10-13T12:00:00Z',
  date: '2025-10-13',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '019542f5-b3e7-1d02-0000-000000000001',
  int64: '1',
};

/** A string of the schema: its format's value, else one its pattern matches (fast-check, seeded), within its lengths. */
export function stringFor(schema: Node): string {
  if (typeof schema.format === 'string' && BY_FORMAT[schema.format]) return BY_FORMAT[schema.format];
  const min = Math.max(1, schema.minLength ?? 1);
  const max = schema.maxLength ?? Math.max(min, 64);
  if (typeof schema.pattern === 'string') {
    let re: RegExp;
    try {
      re = new RegExp(schema.pattern, 'u');
    } catch {
      re = new RegExp(schema.pattern);
    }
    const [s] = fc.sample(fc.stringMatching(re).filter((v) => v.length >= min && v.length <= max), { numRuns: 1, seed: 45 });
    if (s !== undefined) return s;
  }
  return 'x'.repeat(min);
}

const merge = (a: unknown, b: unknown) =>
  a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b) ? { ...a, ...b } : b === undefined ? a : b;

/** `base`: what the allOf parts before this one made (a later part narrows some of its members). */
export function instanceOf(doc: unknown, schema: Node | undefined, depth = 0, base?: unknown): unknown {
  if (!schema || depth > 24) return undefined;
  if (typeof schema.$ref === 'string') {
    const { $ref, ...rest } = schema;
    const target = instanceOf(doc, at(doc, $ref.slice(1)), depth + 1, base);
    return Object.keys(rest).length ? merge(target, instanceOf(doc, rest, depth + 1, merge(base, target))) : target;
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  let value: unknown;
  for (const part of (schema.allOf ?? []) as Node[]) value = merge(value, instanceOf(doc, part, depth + 1, merge(base, value)));
  if (Array.isArray(schema.oneOf)) value = merge(value, instanceOf(doc, schema.oneOf[0], depth + 1));
  if (Array.isArray(schema.anyOf)) value = merge(value, instanceOf(doc, schema.anyOf.find((m: Node) => m.type !== 'null') ?? schema.anyOf[0], depth + 1));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const own: Record<string, unknown> = {};
    // Its required members, and those an earlier allOf part made that this part narrows (a webhook's `type`).
    const before = merge(base, value);
    const made = before && typeof before === 'object' ? Object.keys(before) : [];
    for (const name of new Set([...((schema.required ?? []) as string[]), ...made])) {
      if (schema.properties?.[name]) own[name] = instanceOf(doc, schema.properties[name], depth + 1);
    }
    return merge(value ?? {}, own);
  }
  if (value !== undefined) return value;
  if (schema.example !== undefined) return schema.example;
  switch (type) {
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => instanceOf(doc, schema.items, depth + 1)) : [];
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}
