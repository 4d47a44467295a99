// Waiting PDF jobs, one queue per account, served in turns: an account with a long backlog gets
// one job done, then every other waiting account gets one, so nobody waits behind another's pile.

export class FairQueue<T> {
  /** Per owner its waiting items; the owner served least recently comes first. */
  private readonly queues = new Map<string, { items: T[]; servedAt: number }>();
  private turns = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Items the owner has waiting. */
  waiting(owner: string): number {
    return this.queues.get(owner)?.items.length ?? 0;
  }

  push(owner: string, item: T): void {
    const queue = this.queues.get(owner);
    // A newcomer (or an owner whose queue ran empty) goes before the owner served last, but after
    // those waiting longer: sending one document at a time cannot jump ahead of everyone.
    if (queue) queue.items.push(item);
    else this.queues.set(owner, { items: [item], servedAt: this.turns - 0.5 });
    this.count++;
  }

  /** The next item of the owner whose turn it is. */
  shift(): T | undefined {
    let next: [string, { items: T[]; servedAt: number }] | undefined;
    for (const entry of this.queues) {
      if (!next || entry[1].servedAt < next[1].servedAt) next = entry;
    }
    if (!next) return undefined;
    const [owner, queue] = next;
    const item = queue.items.shift();
    queue.servedAt = ++this.turns;
    if (queue.items.length === 0) this.queues.delete(owner);
    this.count--;
    return item;
  }

  /** Takes every waiting item out, in turn order. */
  drain(): T[] {
    const all: T[] = [];
    for (let item = this.shift(); item !== undefined; item = this.shift()) all.push(item);
    return all;
  }
}
