// Where the interface overrides the description. The description's header names three conflicts and
// says which wins: "Order of authority: interface.md first, then this description, then
// supplement.md. Known conflicts with interface.md (the interface wins): the TEST webhook is the
// envelope {test: true, timestamp, id, type: TEST} without data; POST /webhooks/test is the path
// (this description also names /sandbox/webhooks/test); an external account on behalf of the
// platform has customerId null." Each is one small change to the loaded document, made only where
// the document has the part it changes, and reported by the line it returns.
import type { Node, OpenApiDocument } from './model.js';

/** Applies the interface's three overrides to `doc` in place; returns one line per override applied. */
export function applyInterfaceOverrides(doc: OpenApiDocument): string[] {
  return [testWebhookEnvelope(doc), webhooksTestPath(doc), platformAccountCustomerId(doc)].filter((s): s is string => s !== undefined);
}

/**
 * "the TEST webhook is the envelope {test: true, timestamp, id, type: TEST} without data": the TEST
 * payload's schema takes a `test` member that is true, and requires no `data` (the description's
 * own example, which has `data: {}`, stays valid: the envelope forbids nothing the description allows).
 */
function testWebhookEnvelope(doc: OpenApiDocument): string | undefined {
  const schema = doc.components?.schemas?.TestWebhookRequest;
  if (!schema) return undefined;
  const parts: Node[] = Array.isArray(schema.allOf) ? schema.allOf : [schema];
  for (const part of parts) if (Array.isArray(part.required)) part.required = part.required.filter((r: string) => r !== 'data');
  const own = parts.find((p) => !p.$ref && p.properties) ?? parts[parts.length - 1];
  own.properties = { ...(own.properties ?? {}), test: { type: 'boolean', const: true } };
  return 'TEST webhook: the envelope {test: true, timestamp, id, type: TEST}, data not required (TestWebhookRequest)';
}

/** "POST /webhooks/test is the path (this description also names /sandbox/webhooks/test)": both paths, one operation. */
function webhooksTestPath(doc: OpenApiDocument): string | undefined {
  const sandbox = doc.paths['/sandbox/webhooks/test'];
  if (!sandbox || doc.paths['/webhooks/test']) return undefined;
  doc.paths['/webhooks/test'] = sandbox;
  return 'POST /webhooks/test: the operation of /sandbox/webhooks/test';
}

/**
 * "an external account on behalf of the platform has customerId null": ExternalAccount's customerId
 * is a string or null (the description's own text for the field says "or null if the account is on
 * behalf of the platform"; its type says string only). The schema is shared by customer and
 * platform accounts, so null is taken for both.
 */
function platformAccountCustomerId(doc: OpenApiDocument): string | undefined {
  const schema = doc.components?.schemas?.ExternalAccount;
  if (!schema) return undefined;
  const parts: Node[] = Array.isArray(schema.allOf) ? [schema, ...schema.allOf] : [schema];
  const field = parts.map((p) => p.properties?.customerId).find((f) => f && f.type === 'string');
  if (!field) return undefined;
  field.type = ['string', 'null'];
  return 'ExternalAccount.customerId: a string or null (an account on behalf of the platform)';
}

/**
 * Where the description contradicts itself and its own text is the more specific: a response whose
 * text says it is "Returned with `CODE`" (or "with `CODE` when ...") while the error schema it refers
 * to does not list CODE. POST /cards and PATCH /cards/{id} say so of FUNDING_SOURCE_INELIGIBLE, which
 * the 400 code enum lacks (supplement 28 notes the same gap). For each such response the schema is a
 * copy of the error schema whose code enum also lists the codes its text names; nothing else changes.
 */
export function applyResponseTextCodes(doc: OpenApiDocument): string[] {
  const lines: string[] = [];
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Node>;
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Node>)) {
      for (const [status, response] of Object.entries((op?.responses ?? {}) as Record<string, Node>)) {
        const ref: unknown = response?.content?.['application/json']?.schema?.$ref;
        const name = typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
        const codeEnum: unknown = name ? schemas[name]?.properties?.code?.enum : undefined;
        if (!name || !Array.isArray(codeEnum) || typeof response.description !== 'string') continue;
        const named = [...response.description.matchAll(/with `([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]);
        const missing = [...new Set(named)].filter((c) => !codeEnum.includes(c));
        if (!missing.length) continue;
        const copy = structuredClone(schemas[name]);
        copy.properties.code.enum = [...codeEnum, ...missing];
        const copyName = `${name}_${method}_${template}`.replace(/[^A-Za-z0-9_]/g, '_');
        schemas[copyName] = copy;
        response.content['application/json'].schema = { $ref: `#/components/schemas/${copyName}` };
        lines.push(`${method.toUpperCase()} ${template} ${status}: its text names ${missing.join(', ')}, which ${name}'s code enum lacks; taken as listed`);
      }
    }
  }
  return lines;
}
