// Seeds the benchmark account over HTTP: one user, one property, 50 complete statements.

import { STATEMENT_STATUS_VALUES } from '../../src/shared/catalog';
import { Client, PROPERTY, signUp, statementForm } from '../../tests/ops/http';

export const STATEMENTS = 50;

/** One user with a property and 50 statements in all statuses; answers the session cookie. */
export async function seedAccount(base: string, dataDir: string): Promise<string> {
  const client = new Client(base);
  await signUp(client, dataDir);
  const property = await client.json<{ id: string }>('POST', '/api/properties', PROPERTY);
  for (let i = 0; i < STATEMENTS; i++) {
    await client.json('POST', '/api/statements', {
      status: STATEMENT_STATUS_VALUES[i % STATEMENT_STATUS_VALUES.length],
      formData: statementForm(i, i % 2 === 0 ? property.id : null),
    });
  }
  const list = await client.json<unknown[]>('GET', '/api/statements');
  if (list.length !== STATEMENTS) throw new Error(`expected ${STATEMENTS} statements, got ${list.length}`);
  return client.cookie;
}
