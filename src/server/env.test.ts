import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('has defaults that run with no outside service', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('trusts the loopback aliases only while PUBLIC_URL is not set', () => {
    expect(loadConfig({ PORT: '4000' }).trustedOrigins).toContain('http://127.0.0.1:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://umlage.example/' }).trustedOrigins).toEqual([
      'https://umlage.example',
    ]);
  });

  it('names every wrong variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL/);
    }
  });

  it('requires AUTH_SECRET in production and a webhook secret with a Stripe key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
