// A deadline-bounded condition: re-reads a value until it satisfies `done`, or fails at the
// deadline with the last value. For state the interface announces by no event (or only by an
// event the target may not send), polling the resource is the interface's own alternative.
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, opts: { timeoutMs: number; what: string }): Promise<T> {
  const deadline = Date.now() + opts.timeoutMs;
  let delay = 20;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() >= deadline) {
      throw new Error(`Timed out after ${opts.timeoutMs} ms waiting for ${opts.what}; last seen: ${JSON.stringify(value)?.slice(0, 400)}`);
    }
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 500);
  }
}
