import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { ORIGIN, signUp } from '../../../tests/setup/factories';

describe('GET/PATCH /api/me', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers 401 with the German message when logged out', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Nicht angemeldet' } });
  });

  it('answers GET /api/session with me null for a visitor and the user when signed in', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ me: null });
    const { user, headers } = await signUp(app);
    const signedIn = await app.inject({ method: 'GET', url: '/api/session', headers });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({
      me: {
        user: { id: user.id, email: user.email, fullName: 'Erika Mustermann', emailVerified: true },
        credits: 0,
        workspace: { id: user.id, name: 'Erika Mustermann', role: 'owner', propertyIds: null },
      },
    });
  });

  it('returns the new user with the profile created alongside (credits 0, unconfirmed address)', async () => {
    const { user, headers } = await signUp(app, { fullName: 'Max Mustermann' });
    const res = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { id: user.id, email: user.email, fullName: 'Max Mustermann', emailVerified: true },
      credits: 0,
      workspace: { id: user.id, name: 'Max Mustermann', role: 'owner', propertyIds: null },
    });
  });

  it('changes the full name and rejects an empty one with the spec message', async () => {
    const { headers } = await signUp(app);
    const empty = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers,
      payload: { fullName: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ fullName: 'Name darf nicht leer sein' });

    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers,
      payload: { fullName: ' Erika Musterfrau ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.fullName).toBe('Erika Musterfrau');
    const again = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(again.json().user.fullName).toBe('Erika Musterfrau');
  });

  it('refuses a name change while logged out', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { origin: ORIGIN },
      payload: { fullName: 'Niemand' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Nicht angemeldet');
  });
});
