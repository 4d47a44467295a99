import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue';

describe('fair queue', () => {
  it('serves waiting accounts in turns, each in its own order', () => {
    const queue = new FairQueue<string>();
    for (const item of ['a1', 'a2', 'a3', 'a4']) queue.push('a', item);
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    queue.push('c', 'c2');
    expect(queue.size).toBe(7);
    expect(queue.waiting('a')).toBe(4);
    expect(queue.drain()).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3', 'a4']);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });

  it('puts an account that arrives behind a backlog next in line', () => {
    const queue = new FairQueue<string>();
    for (const item of ['a1', 'a2', 'a3']) queue.push('a', item);
    expect(queue.shift()).toBe('a1');
    expect(queue.shift()).toBe('a2');
    queue.push('b', 'b1');
    expect(queue.shift()).toBe('b1');
    queue.push('b', 'b2');
    expect(queue.drain()).toEqual(['a3', 'b2']);
    expect(queue.waiting('a')).toBe(0);
  });
});
