// A resource shared by a scenario's valid requests up to what the documents let one use (helpers/field-rules/check.ts sends them).
/**
 * One resource for at most `uses` requests, then a new one from `make`. What one customer may do per
 * day or per window (five 2FA resets a day, supplement 16; the quote velocity a target declares,
 * supplement 1; the lockout at the fifth failed login, supplement 16) then bounds no count of valid
 * requests: a variant sends SVC_RULE_RUNS + 1 of them (validRequests).
 */
export function rotating<T>(uses: number, make: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let used = 0;
  return () => {
    if (current === undefined || used >= uses) [current, used] = [make(), 0];
    used++;
    return current;
  };
}

/**
 * `rotating`, remembering what it handed out: `next()` as rotating's function, `used()` the resources
 * handed out since its last call (a rule's refusals judged on every customer that took them).
 */
export function rotatingPool<T>(uses: number, make: () => Promise<T>): { next: () => Promise<T>; used: () => Promise<T[]> } {
  const take = rotating(uses, make);
  let given = new Set<Promise<T>>();
  return {
    next: () => {
      const resource = take();
      given.add(resource);
      return resource;
    },
    used: () => {
      const out = [...given];
      given = new Set();
      return Promise.all(out);
    },
  };
}
