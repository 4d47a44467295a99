import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Headers that differ between any two answers (per request) and so carry nothing about the account. */
const PER_REQUEST = new Set(['date', 'x-request-id']);

/**
 * Asserts that two answers tell an outsider nothing apart: the same status, byte for byte the same body,
 * the same header names, and the same values except those made per request. The technique of every
 * "does this address have an account?" check: run the question for a known and an unknown address and
 * compare with this (timing is kept alike by doing the same work, not asserted).
 */
export function expectIndistinguishable(a: LightMyRequestResponse, b: LightMyRequestResponse, what: string) {
  expect(b.statusCode, `${what}: status`).toBe(a.statusCode);
  expect(b.body, `${what}: body`).toBe(a.body);
  expect(Object.keys(b.headers).sort(), `${what}: header names`).toEqual(Object.keys(a.headers).sort());
  for (const [name, value] of Object.entries(a.headers)) {
    if (PER_REQUEST.has(name)) continue;
    // counted from each key's own window start: the same to a few seconds
    if (name === 'retry-after') {
      expect(
        Math.abs(Number(b.headers[name]) - Number(value)),
        `${what}: header ${name}`,
      ).toBeLessThanOrEqual(5);
    } else {
      expect(b.headers[name], `${what}: header ${name}`).toEqual(value);
    }
  }
}
