import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** Like `bool`, but undefined when unset, so the mode can pick the default. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Every variable the server reads; `.env.example` lists the same with their defaults. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  // ≤ 60 s by default: a body trickling in must not hold a connection for minutes; 60 s still carry
  // a 10 MB receipt at 170 KB/s
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  AUTH_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Umlage <no-reply@umlage.local>'),
  CONTACT_EMAIL: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_STARTER: optional,
  STRIPE_PRICE_STANDARD: optional,
  STRIPE_PRICE_PROFESSIONAL: optional,
  TEST_CHECKOUT: optionalBool,
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_REGION: z.string().default('eu-central-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: bool,
  /** Receipt storage per user, in MB (1 MB = 1024 × 1024 bytes). */
  // receipts read at once on this instance; OCR needs about 250 MB each; 0: none read here
  RECOGNITION_THREADS: z.coerce.number().int().min(0).max(8).default(1),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(1024),
  OPERATOR_NAME: z.string().default('[Name des Betreibers]'),
  OPERATOR_ADDRESS: z.string().default('[Straße Hausnummer, PLZ Ort]'),
  OPERATOR_EMAIL: z.string().default('[kontakt@example.de]'),
  OPERATOR_PHONE: z.string().default('[Telefonnummer]'),
  OPERATOR_VAT_ID: z.string().default('[USt-IdNr.]'),
});

export type Env = z.infer<typeof envSchema>;
export type Config = Env & {
  publicUrl: string;
  /** Origins our pages are served from: PUBLIC_URL's, plus the loopback aliases when PUBLIC_URL is not set. */
  trustedOrigins: string[];
  production: boolean;
  /**
   * How credits are bought: Stripe (with a key), the built-in test checkout that grants credits without
   * payment (development and test by default; in production only with TEST_CHECKOUT=true), or not at all.
   */
  payments: 'stripe' | 'test' | 'off';
};

export class ConfigError extends Error {}

/** Reads and checks the environment; throws a ConfigError that names every wrong variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production && !env.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required in production (32+ random characters)',
    );
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  // Without PUBLIC_URL a local install may be opened as localhost or 127.0.0.1; both are ours.
  const trustedOrigins = env.PUBLIC_URL
    ? [new URL(publicUrl).origin]
    : [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`, `http://[::1]:${env.PORT}`];
  const payments = env.STRIPE_SECRET_KEY ? 'stripe' : (env.TEST_CHECKOUT ?? !production) ? 'test' : 'off';
  return { ...env, publicUrl, trustedOrigins, production, payments };
}
