// The description's webhook payload schemas, each with the event types its own `type` member lists.
import { at, follow, type Node } from '../../../helpers/description/document.js';

export function describedWebhookTypes(doc: any): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const typesOf = (schema: Node | undefined, depth = 0): string[] => {
    if (!schema || depth > 4) return [];
    const resolved = follow(doc, schema, '').node as Node;
    const own = resolved?.properties?.type;
    const values = own && !own.$ref ? (own.enum ?? (own.const !== undefined ? [own.const] : [])) : [];
    return [...values, ...((resolved?.allOf ?? []) as Node[]).flatMap((p) => typesOf(p, depth + 1))];
  };
  for (const item of Object.values((doc.webhooks ?? {}) as Record<string, Node>)) {
    const body = follow(doc, item.post?.requestBody, '').node;
    const ref = body?.content?.['application/json']?.schema?.$ref;
    if (typeof ref !== 'string') continue;
    const name = ref.replace('#/components/schemas/', '');
    out[name] = [...new Set(typesOf(at(doc, ref.slice(1))))];
  }
  return out;
}
