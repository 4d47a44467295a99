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

  it('runs the built-in test checkout in production only when TEST_CHECKOUT says so', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({}).payments).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toBe('test');
    expect(loadConfig({ TEST_CHECKOUT: 'false' }).payments).toBe('off');
    expect(loadConfig(production).payments).toBe('off');
    expect(loadConfig({ ...production, TEST_CHECKOUT: '' }).payments).toBe('off');
    expect(loadConfig({ ...production, TEST_CHECKOUT: 'true' }).payments).toBe('test');
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ ...production, ...stripe, TEST_CHECKOUT: 'true' }).payments).toBe('stripe');
    expect(() => loadConfig({ TEST_CHECKOUT: 'ja' })).toThrow(/TEST_CHECKOUT/);
  });

  it('times requests out after 60 s unless configured otherwise', () => {
    expect(loadConfig({}).REQUEST_TIMEOUT_SECONDS).toBe(60);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '120' }).REQUEST_TIMEOUT_SECONDS).toBe(120);
    for (const wrong of ['0', '-5', '1.5', 'abc', '601'])
      expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: wrong }), wrong).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  });
});
