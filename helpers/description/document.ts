// The service's public OpenAPI 3.1 description, loaded for Ajv. The project ships no copy of it: the
// default is the one beside the project (../shared/spec/openapi.yaml), and --openapi names another.
// Loading applies the interface's overrides (./overrides.ts) and restates each discriminator in the
// form Ajv's `discriminator` option reads (a tag enum on each oneOf member, no `mapping`), so that a
// body is judged against the one member its tag names and its mismatches name that member's fields.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { applyInterfaceOverrides, applyResponseTextCodes } from './overrides.js';

/** The project's root (this file is helpers/description/document.ts). */
const ROOT = resolve(import.meta.dirname, '../..');
/** The description beside the project, the one the self-tests and the check read by default. */
export const DEFAULT_DESCRIPTION = resolve(ROOT, '../shared/spec/openapi.yaml');

import type { Node, OpenApiDocument } from './model.js';

export type { Node, OpenApiDocument } from './model.js';

/** A loaded description: the prepared document and what loading changed in it, for the report. */
export interface Description {
  file: string;
  doc: OpenApiDocument;
  /** One line per interface override applied (./overrides.ts). */
  adjustments: string[];
  /** Discriminators Ajv could not take as they stand, left to plain oneOf (and why). */
  discriminatorsAsOneOf: string[];
}

/** Reads a description in YAML or JSON (JSON is YAML 1.2, so one parser reads both). */
export function loadDescription(file = DEFAULT_DESCRIPTION): Description {
  const doc = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as OpenApiDocument;
  if (!doc || typeof doc !== 'object' || typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new Error(`${file}: not an OpenAPI 3.1 document (openapi: ${String((doc as Node | undefined)?.openapi)})`);
  }
  const adjustments = [...applyInterfaceOverrides(doc), ...applyResponseTextCodes(doc)];
  const discriminatorsAsOneOf = prepareDiscriminators(doc);
  return { file, doc, adjustments, discriminatorsAsOneOf };
}

/** A JSON pointer's token (RFC 6901). */
export const escapeToken = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** The node at a JSON pointer of the document ('' is the document), or undefined. */
export function at(doc: unknown, pointer: string): any {
  if (pointer === '' || pointer === '#') return doc;
  let node: any = doc;
  for (const token of pointer.replace(/^#/, '').split('/').slice(1).map(unescapeToken)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[token];
  }
  return node;
}

/** Follows local `$ref`s (OpenAPI's Reference Objects: responses, request bodies, parameters) to the object and its pointer. */
export function follow(doc: unknown, node: any, pointer: string): { node: any; pointer: string } {
  for (let hops = 0; node && typeof node === 'object' && typeof node.$ref === 'string' && hops < 32; hops++) {
    if (!node.$ref.startsWith('#')) throw new Error(`${pointer}: only local references are read (${node.$ref})`);
    pointer = node.$ref.slice(1);
    node = at(doc, pointer);
  }
  return { node, pointer };
}

/**
 * Ajv's discriminator takes no `mapping`, and finds each member's tag as a `const` or `enum` in the
 * member's own `properties` (a member that inherits through allOf has none there). OpenAPI's
 * mapping says which tag values select which member, and a member the mapping does not name is
 * selected by its schema's name (OpenAPI 3.1, Discriminator Object, implicit mapping). So each member
 * becomes `{$ref: member, properties: {tag: {enum: its values}}, required: [tag]}` (the tag is a
 * required property: "the discriminator property MUST be a required property" in the same
 * section), which Ajv reads, and the mapping goes. A discriminator whose values cannot be told
 * apart member by member is left out, and its oneOf judges alone (listed in the report).
 */
function prepareDiscriminators(doc: OpenApiDocument): string[] {
  const left: string[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${pointer}/${i}`));
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.discriminator && typeof n.discriminator === 'object' && Array.isArray(n.oneOf)) {
      const why = restate(n);
      if (why) {
        left.push(`${pointer}: ${why}`);
        delete n.discriminator;
      }
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'example' && k !== 'examples') visit(v, `${pointer}/${escapeToken(k)}`);
  };
  visit(doc, '');
  return left;
}

/** Rewrites one discriminator for Ajv; returns why it cannot be, or undefined once done. */
function restate(n: Node): string | undefined {
  const tag = n.discriminator.propertyName;
  if (typeof tag !== 'string') return 'no propertyName';
  const mapping: Record<string, string> = n.discriminator.mapping ?? {};
  const members: Node[] = n.oneOf;
  const values: string[][] = members.map(() => []);
  for (const [value, ref] of Object.entries(mapping)) {
    const i = members.findIndex((m) => m && m.$ref === ref);
    if (i < 0) return `mapping ${value} names ${ref}, which is not one of the members`;
    values[i].push(value);
  }
  for (let i = 0; i < members.length; i++) {
    if (values[i].length) continue;
    const ref = members[i]?.$ref;
    if (typeof ref !== 'string') return `member ${i} is inline and has no mapping`;
    values[i].push(ref.split('/').pop()!);
  }
  const all = values.flat();
  if (new Set(all).size !== all.length) return 'a tag value selects two members';
  n.oneOf = members.map((m, i) => ({ ...(m.$ref ? { $ref: m.$ref } : { allOf: [m] }), properties: { [tag]: { enum: values[i] } }, required: [tag] }));
  n.discriminator = { propertyName: tag };
  // Ajv's discriminator keyword applies to objects only and stands in for the oneOf, so a value that
  // is no object would pass unjudged; a discriminated value is an object ("the discriminator
  // property MUST be a required property"), so the node says so itself.
  n.type = 'object';
  return undefined;
}

/** The event types a webhook payload schema names in its own `type` member (its allOf parts too; the shared envelope's full list aside). */
export function eventTypesOf(doc: unknown, schema: Node | undefined, depth = 0): string[] {
  if (!schema || depth > 4) return [];
  const resolved = follow(doc, schema, '').node as Node;
  const own = resolved?.properties?.type;
  const values = own && !own.$ref ? (own.enum ?? (own.const !== undefined ? [own.const] : [])) : [];
  return [...values, ...((resolved?.allOf ?? []) as Node[]).flatMap((part) => eventTypesOf(doc, part, depth + 1))];
}

/** One example the description gives for a response or a webhook, with the schema it illustrates. */
export interface DescribedExample {
  /** Where: `GET /customers/{customerId} 200 application/json examples/individual`, `webhook customer-update ...`. */
  name: string;
  /** The pointer of the schema the example illustrates. */
  schemaPointer: string;
  direction: 'response' | 'request';
  value: unknown;
}

/** Every `example` and `examples` member under the description's responses and webhooks. */
export function describedExamples(doc: OpenApiDocument): DescribedExample[] {
  const out: DescribedExample[] = [];
  const fromContent = (content: Node | undefined, contentPointer: string, name: string, direction: DescribedExample['direction']) => {
    for (const [type, media] of Object.entries(content ?? {})) {
      if (!media?.schema) continue;
      const schemaPointer = `${contentPointer}/${escapeToken(type)}/schema`;
      if (media.example !== undefined) out.push({ name: `${name} ${type} example`, schemaPointer, direction, value: media.example });
      for (const [key, ex] of Object.entries((media.examples ?? {}) as Record<string, Node>)) {
        const { node } = follow(doc, ex, '');
        if (node && 'value' in node) out.push({ name: `${name} ${type} examples/${key}`, schemaPointer, direction, value: node.value });
      }
    }
  };
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      for (const [status, response] of Object.entries(op.responses as Node)) {
        const { node, pointer } = follow(doc, response, `/paths/${escapeToken(template)}/${method}/responses/${status}`);
        fromContent(node?.content, `${pointer}/content`, `${method.toUpperCase()} ${template} ${status}`, 'response');
      }
    }
  }
  for (const [name, item] of Object.entries(doc.webhooks ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!op?.requestBody) continue;
      const { node, pointer } = follow(doc, op.requestBody, `/webhooks/${escapeToken(name)}/${method}/requestBody`);
      fromContent(node?.content, `${pointer}/content`, `webhook ${name}`, 'request');
    }
  }
  return out;
}
