// What a request is sent to do, for the description judge (./live.ts): a request the field rules
// send to be refused names the fields it breaks, and must break the description there and nowhere
// else ("a request sent to be refused breaks exactly the rule it names"). Carried through the
// asynchronous call that sends it, so the scenario's own send function needs no extra parameter.
import { AsyncLocalStorage } from 'node:async_hooks';

const intent = new AsyncLocalStorage<readonly string[]>();

/** Runs `send` with its requests marked as breaking `fields` (dot paths) on purpose. */
export function sentToBreak<T>(fields: readonly string[], send: () => Promise<T>): Promise<T> {
  return intent.run(fields, send);
}

/** The fields the request being sent breaks on purpose, if it is sent to be refused. */
export const brokenOnPurpose = (): readonly string[] | undefined => intent.getStore();
