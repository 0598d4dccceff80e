// The description's webhook payload schemas, each with the event types its own `type` member lists.
import { at, eventTypesOf, follow, type Node } from '../../../helpers/description/document.js';

export function describedWebhookTypes(doc: any): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const item of Object.values((doc.webhooks ?? {}) as Record<string, Node>)) {
    const ref = follow(doc, item.post?.requestBody, '').node?.content?.['application/json']?.schema?.$ref;
    if (typeof ref === 'string') out[ref.replace('#/components/schemas/', '')] = [...new Set(eventTypesOf(doc, at(doc, ref.slice(1))))];
  }
  return out;
}
