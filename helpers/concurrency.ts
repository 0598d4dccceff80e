// Independent requests go out together, so a run against a remote target waits on many at once and
// not on one after another: `inPool` runs `fn` over `items`, at most `width` at a time, and returns
// the results in the items' order. Every item runs even when one fails; the first failure is thrown
// once all are done.
export async function inPool<T, R>(items: readonly T[], width: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  const errors: unknown[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      try {
        results[i] = await fn(items[i], i);
      } catch (err) {
        errors.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker));
  if (errors.length) throw errors[0];
  return results;
}
