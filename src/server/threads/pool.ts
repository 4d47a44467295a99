/**
 * A fixed set of things (threads, reader processes, or just places) each used by one task at a time;
 * tasks beyond them wait in the order they came.
 */
export interface Pool<T> {
  use<R>(task: (item: T) => Promise<R>): Promise<R>;
  readonly items: readonly T[];
}

export function createPool<T>(items: readonly T[]): Pool<T> {
  const idle = [...items];
  const waiting: Array<(item: T) => void> = [];
  const take = () => idle.pop() ?? new Promise<T>((resolve) => waiting.push(resolve));
  const give = (item: T) => {
    const next = waiting.shift();
    if (next) next(item);
    else idle.push(item);
  };
  return {
    items,
    async use(task) {
      const item = await take();
      try {
        return await task(item);
      } finally {
        give(item);
      }
    },
  };
}
