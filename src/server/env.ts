import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
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
  AUTH_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Umlage <no-reply@umlage.local>'),
  CONTACT_EMAIL: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_STARTER: optional,
  STRIPE_PRICE_STANDARD: optional,
  STRIPE_PRICE_PROFESSIONAL: optional,
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_REGION: z.string().default('eu-central-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: bool,
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
  return { ...env, publicUrl, trustedOrigins, production };
}
