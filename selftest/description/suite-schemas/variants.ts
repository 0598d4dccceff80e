// Instances of one schema of the description, to hold a suite schema to it both ways (see
// ./agreement.ts): the smallest instance (required members only, ../instances.ts), the fullest one
// (every member the schema names, each array with one item), one per branch of each oneOf and per
// value of each enum it meets, one with each nullable member null, and each of those broken one way
// at a time at every place: a member taken out, a value of another type, a string that is no listed
// value and breaks any pattern or format, an empty string, a fraction, zero, a negative number, an
// empty list, null. The description decides which of them are valid; the suite schema must agree.
import { at, type Node } from '../../../helpers/description/document.js';
import { instanceOf, stringFor } from '../instances.js';


export type Path = (string | number)[];

export interface Instance {
  /** What was made or broken, and where: `fullest`, `branch 2 of /data/oneOf`, `taken out: /status`. */
  label: string;
  value: unknown;
  /** A broken instance's unbroken one. */
  base?: unknown;
}

interface Build {
  /** Which branch each oneOf node takes (by node identity); the first where unset. */
  branch: Map<Node, number>;
  /** The oneOf nodes met on the way, with their branch counts. */
  branches: Map<Node, number>;
  /** Each enum met: where and its values. */
  enums: { path: Path; values: unknown[] }[];
  /** Each nullable member met. */
  nullable: Path[];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const merge = (a: unknown, b: unknown): unknown => {
  if (isObject(a) && isObject(b)) {
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? merge(out[k], v) : v;
    return out;
  }
  return b === undefined ? a : b;
};
const allowsNull = (s: Node) =>
  s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')) || s.nullable === true || (Array.isArray(s.anyOf) && s.anyOf.some((m: Node) => m?.type === 'null')) || (Array.isArray(s.oneOf) && s.oneOf.some((m: Node) => m?.type === 'null'));

/** Every member the schema names, at every depth (a `$ref` already on the way is not entered again). */
function fullest(doc: unknown, schema: Node | undefined, build: Build, path: Path, refs: string[]): unknown {
  if (!schema || refs.length > 40) return undefined;
  if (typeof schema.$ref === 'string') {
    if (refs.includes(schema.$ref)) return undefined;
    const { $ref, ...rest } = schema;
    const target = fullest(doc, at(doc, $ref.slice(1)), build, path, [...refs, $ref]);
    return Object.keys(rest).length ? merge(target, fullest(doc, rest, build, path, refs)) : target;
  }
  if (allowsNull(schema)) build.nullable.push(path);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v: unknown) => v !== null);
    build.enums.push({ path, values });
    return values[0];
  }
  let value: unknown;
  for (const part of (schema.allOf ?? []) as Node[]) value = merge(value, fullest(doc, part, build, path, refs));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const members = ((schema[key] ?? []) as Node[]).filter((m) => m?.type !== 'null');
    if (!members.length) continue;
    build.branches.set(schema, members.length);
    value = merge(value, fullest(doc, members[Math.min(build.branch.get(schema) ?? 0, members.length - 1)], build, path, refs));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const own: Record<string, unknown> = {};
    for (const [name, member] of Object.entries((schema.properties ?? {}) as Record<string, Node>)) {
      const v = fullest(doc, member, build, [...path, name], refs);
      if (v !== undefined) own[name] = v;
    }
    return merge(value ?? {}, own);
  }
  if (value !== undefined) return value;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  switch (type) {
    case 'array': {
      const item = fullest(doc, schema.items, build, [...path, 0], refs);
      return item === undefined ? [] : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => structuredClone(item));
    }
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

const get = (value: unknown, path: Path): unknown => path.reduce<any>((v, k) => (v == null ? undefined : v[k]), value);
function set(value: unknown, path: Path, leaf: unknown, remove = false): unknown {
  const copy = structuredClone(value);
  if (!path.length) return leaf;
  const parent = get(copy, path.slice(0, -1)) as any;
  if (parent == null || typeof parent !== 'object') return undefined;
  const key = path[path.length - 1];
  if (remove) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else parent[key] = leaf;
  return copy;
}
export const pointerOf = (path: Path) => (path.length ? `/${path.join('/')}` : '(the whole)');

/** Every place of a value, with the value there. */
function places(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const out = [{ path, value }];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...places(v, [...path, i])));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) out.push(...places(v, [...path, k]));
  return out;
}

/** The ways one place is broken. */
function breaks(v: unknown): { how: string; value: unknown }[] {
  const out: { how: string; value: unknown }[] = [{ how: 'null', value: null }];
  if (typeof v === 'string') out.push({ how: 'a number', value: 12 }, { how: 'an unlisted string', value: 'NOT_A_LISTED_VALUE' }, { how: 'an empty string', value: '' });
  else if (typeof v === 'number') out.push({ how: 'a string', value: 'twelve' }, { how: 'a fraction', value: 1.5 }, { how: 'zero', value: 0 }, { how: 'a negative number', value: -1 });
  else if (typeof v === 'boolean') out.push({ how: 'a string', value: 'yes' });
  else if (Array.isArray(v)) out.push({ how: 'an object', value: {} }, { how: 'an empty list', value: [] });
  else if (isObject(v)) out.push({ how: 'a list', value: [] }, { how: 'a string', value: 'x' });
  return out;
}

/**
 * The instances of the schema at `pointer`: the unbroken ones first (smallest, fullest, branches,
 * enum values, nulls), then each fullest and branch instance broken at every place. `repair` makes an
 * unbroken instance meet what the interface narrows beyond the description (./agreement.ts), so that
 * the breaks are judged from a base both accept.
 */
export function instancesOf(doc: unknown, pointer: string, repair: (v: unknown) => unknown = (v) => v): { whole: Instance[]; broken: Instance[] } {
  const schema = { $ref: `#${pointer}` };
  const whole: Instance[] = [];
  const add = (label: string, value: unknown): unknown => {
    if (value === undefined) return undefined;
    const repaired = repair(value);
    whole.push({ label, value: repaired });
    return repaired;
  };
  add('smallest (required members only)', structuredClone(instanceOf(doc, schema)));
  const first: Build = { branch: new Map(), branches: new Map(), enums: [], nullable: [] };
  const full = fullest(doc, schema, first, [], []);
  const fullValue = add('fullest (every member)', full);
  const bases: Instance[] = [{ label: 'fullest', value: fullValue }];
  let n = 0;
  for (const [node, count] of first.branches) {
    for (let i = 1; i < count; i++) {
      const build: Build = { branch: new Map([[node, i]]), branches: new Map(), enums: [], nullable: [] };
      const v = fullest(doc, schema, build, [], []);
      bases.push({ label: `branch ${i + 1} of oneOf #${++n}`, value: add(`fullest, branch ${i + 1} of oneOf #${n}`, v) });
    }
  }
  for (const { path, values } of first.enums) {
    for (const value of values.slice(1)) if (get(full, path.slice(0, -1)) !== undefined || !path.length) add(`fullest, ${pointerOf(path)} = ${JSON.stringify(value)}`, set(fullValue, path, value));
  }
  for (const path of first.nullable) if (path.length) add(`fullest, ${pointerOf(path)} null`, set(fullValue, path, null));
  const broken: Instance[] = [];
  for (const base of bases) {
    if (base.value === undefined) continue;
    for (const place of places(base.value)) {
      if (place.path.length && typeof place.path[place.path.length - 1] === 'string') {
        broken.push({ label: `${base.label}, taken out: ${pointerOf(place.path)}`, value: set(base.value, place.path, undefined, true), base: base.value });
      }
      for (const b of breaks(place.value)) broken.push({ label: `${base.label}, ${pointerOf(place.path)} ${b.how}`, value: set(base.value, place.path, b.value), base: base.value });
    }
  }
  return { whole, broken };
}
