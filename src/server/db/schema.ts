import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DepositPayment } from '../../shared/rent/deposit';
import type { BANK_FILE_FORMATS, CsvMapping } from '../../shared/schemas/bank';
import type { DeliveryChannelCode } from '../../shared/schemas/delivery';
import type { DepositForm, StoredDepositSettlement } from '../../shared/schemas/deposit';
import type { ReminderMonth } from '../../shared/schemas/late-rent';
import type {
  Evidence,
  FieldConfidence,
  ReceiptFields,
  ReceiptWarning,
  RecognitionMethod,
  RecognitionStatus,
} from '../../shared/schemas/receipt';
import type { Role } from '../../shared/schemas/workspace';
import type { AccountMap } from '../../shared/tax-year/accounts';
import type { CoOwner } from '../../shared/tax-year/co-owners';
import type { Chart, MeterKind, TaxKind, UnitKind } from '../../shared/vocabulary';

// Mirrors migrations/*.sql (the SQL files are the source of truth for the database).
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The auth library's user; doubles as the profile (full name and credit balance). */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('full_name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** The workspace the person works in (null: the first they own, else the first they belong to). */
  currentWorkspaceId: text('current_workspace_id').references((): AnyPgColumn => workspaces.id, {
    onDelete: 'set null',
  }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What the data belongs to; people belong to it with a role (ADR 0028). */
export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  credits: integer('credits').notNull().default(0),
  /** 0038: days after the due day a rent booking still counts as on time. */
  rentGraceDays: integer('rent_grace_days').notNull().default(3),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    /** 0031: a reader limited to these properties; null: the whole workspace. */
    propertyIds: uuid('property_ids').array(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/** Who did what in a workspace (workspaces/change-log.ts). */
export const workspaceChanges = pgTable('workspace_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('user_name').notNull(),
  action: text('action').notNull(),
  subjectId: text('subject_id'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export const workspaceInvitations = pgTable('workspace_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').$type<Role>().notNull(),
  /** 0031: the reader's properties, as on workspace_members. */
  propertyIds: uuid('property_ids').array(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    yearBuilt: integer('year_built').notNull(),
    totalArea: numeric('total_area', { precision: 13, scale: 3, mode: 'number' }).notNull(),
    unitCount: integer('unit_count').notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique().on(t.id, t.workspaceId)],
);

export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id'),
    title: text('title').notNull(),
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    status: text('status').notNull().default('Entwurf'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    formData: jsonb('form_data').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.propertyId, t.workspaceId],
      foreignColumns: [properties.id, properties.workspaceId],
    }),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id'),
    name: text('name').notNull(),
    type: text('type').notNull().default('Sonstiges'),
    description: text('description').notNull().default(''),
    docDate: date('doc_date'),
    storageKey: text('storage_key').notNull().unique(),
    fileType: text('file_type').notNull(),
    size: integer('size').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    /** 0035: what the receipt is for the tax year; null: its cost types decide. */
    taxKind: text('tax_kind').$type<TaxKind>(),
    /** 0035: Erhaltungsaufwand spread over 2 to 5 years (§ 82b EStDV); null: deducted at once. */
    taxSpreadYears: integer('tax_spread_years'),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.propertyId, t.workspaceId],
      foreignColumns: [properties.id, properties.workspaceId],
    }),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const creditLedger = pgTable('credit_ledger', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
  delta: integer('delta').notNull(),
  reason: text('reason').notNull(),
  reference: text('reference'),
  createdAt: createdAt(),
});

// Auth tables (0002). Keys are the auth library's field names, so its Drizzle adapter maps them as they are.
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique().on(t.providerId, t.accountId)],
);

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// Checkout sessions and their payment (0005). Keyed by the provider's session id.
/** A package bought `quantity` times in one checkout session. */
export interface CheckoutLine {
  packageId: 'starter' | 'standard' | 'professional';
  priceId: string;
  quantity: number;
}

export const payments = pgTable('payments', {
  sessionId: text('session_id').primaryKey(),
  provider: text('provider').$type<'stripe' | 'test'>().notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
  packageId: text('package_id').$type<'starter' | 'standard' | 'professional'>().notNull(),
  priceId: text('price_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  credits: integer('credits').notNull(),
  status: text('status').$type<'open' | 'paid' | 'canceled'>().notNull().default('open'),
  /** '/paywall', '/' or the dashboard page the checkout was started on. */
  cancelPath: text('cancel_path').notNull().default('/paywall'),
  /** The packages of a session of several (null: the one package above). */
  lines: jsonb('lines').$type<CheckoutLine[]>(),
  /** The dashboard page a paid checkout returns to (null: the dashboard). */
  successPath: text('success_path'),
  createdAt: createdAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

/** bytea as bytes: `pg` returns a Buffer, PGlite a Uint8Array; both are Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

// Final statement PDFs as delivered (0004): downloadable again without another credit.
/** A warning of the checks before a final PDF, as the landlord confirmed it. */
export interface ConfirmedCheck {
  code: string;
  severity: 'warning';
  message: string;
  path: string;
}

export const statementPdfs = pgTable('statement_pdfs', {
  id: uuid('id').primaryKey().defaultRandom(),
  statementId: uuid('statement_id')
    .notNull()
    .references(() => statements.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  content: bytea('content').notNull(),
  // 0011: whom and which period it was for; false when it was a free correction
  tenantName: text('tenant_name'),
  periodStart: date('period_start'),
  periodEnd: date('period_end'),
  charged: boolean('charged').notNull().default(true),
  // 0013: the warnings confirmed before it was made ({ code, severity, message, path })
  confirmedWarnings: jsonb('confirmed_warnings').$type<ConfirmedCheck[]>().notNull().default([]),
  // 0014: SHA-256 of landlord, tenant and flat as printed (null before 0014: never a free correction)
  partiesHash: text('parties_hash'),
  createdAt: createdAt(),
});

// The Hausabrechnung (0006, ADR 0014).
export const units = pgTable(
  'units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').notNull(),
    label: text('label').notNull(),
    area: numeric('area', { precision: 13, scale: 3, mode: 'number' }).notNull(),
    mea: numeric('mea', { precision: 13, scale: 3, mode: 'number' }),
    floor: text('floor').notNull().default(''),
    note: text('note').notNull().default(''),
    kind: text('kind').$type<UnitKind>().notNull().default('dwelling'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.id, t.workspaceId),
    foreignKey({
      columns: [t.propertyId, t.workspaceId],
      foreignColumns: [properties.id, properties.workspaceId],
    }),
  ],
);

/** A named group of a property's units that share a cost (Abrechnungskreis). */
export const costGroups = pgTable(
  'cost_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.id, t.workspaceId),
    foreignKey({
      columns: [t.propertyId, t.workspaceId],
      foreignColumns: [properties.id, properties.workspaceId],
    }),
  ],
);

/** A meter of a unit, or of the building (no unit): its kind and number. */
export const meters = pgTable(
  'meters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').notNull(),
    unitId: uuid('unit_id'),
    kind: text('kind').$type<MeterKind>().notNull(),
    number: text('number').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique().on(t.id, t.workspaceId)],
);

export const meterReadings = pgTable('meter_readings', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: text('workspace_id').notNull(),
  meterId: uuid('meter_id').notNull(),
  date: date('date').notNull(),
  value: numeric('value', { precision: 15, scale: 3, mode: 'number' }).notNull(),
  estimated: boolean('estimated').notNull().default(false),
  replacesMeterId: uuid('replaces_meter_id'),
  createdAt: createdAt(),
});

export const costGroupUnits = pgTable('cost_group_units', {
  costGroupId: uuid('cost_group_id').notNull(),
  unitId: uuid('unit_id').notNull(),
  workspaceId: text('workspace_id').notNull(),
});

export interface StoredTenancyChange {
  from: string;
  persons?: number;
  monthlyPrepaymentCents?: number;
  monthlyRentCents?: number;
}

export const tenancies = pgTable(
  'tenancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').notNull(),
    kind: text('kind').$type<'tenant' | 'own-use'>().notNull(),
    tenantName: text('tenant_name').notNull(),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    email: text('email'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    persons: integer('persons').notNull(),
    monthlyPrepaymentCents: bigint('monthly_prepayment_cents', { mode: 'number' }).notNull(),
    /** The Kaltmiete; null when not entered. */
    monthlyRentCents: bigint('monthly_rent_cents', { mode: 'number' }),
    changes: jsonb('changes').$type<StoredTenancyChange[]>().notNull().default([]),
    flatRate: boolean('flat_rate').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.id, t.workspaceId),
    foreignKey({ columns: [t.unitId, t.workspaceId], foreignColumns: [units.id, units.workspaceId] }),
  ],
);

export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').notNull(),
    status: text('status').$type<'draft' | 'final'>().notNull().default('draft'),
    version: integer('version').notNull().default(1),
    correctsId: uuid('corrects_id'),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    input: jsonb('input').notNull(),
    snapshot: jsonb('snapshot'),
    snapshotHash: text('snapshot_hash'),
    engineVersion: integer('engine_version'),
    result: jsonb('result'),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    // 0030: who finalized it, named as then
    finalizedBy: text('finalized_by'),
    // 0014: what the list shows, kept beside the entries
    totalCostsCents: bigint('total_costs_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.id, t.workspaceId),
    foreignKey({
      columns: [t.propertyId, t.workspaceId],
      foreignColumns: [properties.id, properties.workspaceId],
    }),
  ],
);

export const settlementStatements = pgTable('settlement_statements', {
  settlementId: uuid('settlement_id').notNull(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  tenancyId: uuid('tenancy_id').notNull(),
  fileName: text('file_name').notNull(),
  content: bytea('content').notNull(),
  charged: boolean('charged').notNull(),
  /** A correction's letter that reads as the corrected one did: kept as it was sent (0017). */
  unchanged: boolean('unchanged').notNull().default(false),
  createdAt: createdAt(),
});

// Delivery with proof and the tenant's page (0012, ADR 0017).
export type DeliveryChannel = 'email' | 'post' | 'registered' | 'messenger';

export const settlementDeliveries = pgTable('settlement_deliveries', {
  settlementId: uuid('settlement_id').notNull(),
  tenancyId: uuid('tenancy_id').notNull(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  channel: text('channel').$type<DeliveryChannel>().notNull(),
  sentOn: date('sent_on').notNull(),
  receivedOn: date('received_on'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tenantLinks = pgTable('tenant_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  settlementId: uuid('settlement_id').notNull(),
  tenancyId: uuid('tenancy_id').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
  statementDownloadedAt: timestamp('statement_downloaded_at', { withTimezone: true }),
  // 0014: withdrawn by the landlord; openings counted from the page's own request
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  openCount: integer('open_count').notNull().default(0),
  createdAt: createdAt(),
});

export const settlementOverviews = pgTable('settlement_overviews', {
  settlementId: uuid('settlement_id').primaryKey(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});

export const settlementCostDocuments = pgTable('settlement_cost_documents', {
  settlementId: uuid('settlement_id').notNull(),
  workspaceId: text('workspace_id').notNull(),
  costIndex: integer('cost_index').notNull(),
  documentId: uuid('document_id')
    .notNull()
    .references(() => documents.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const tenantReceiptViews = pgTable('tenant_receipt_views', {
  linkId: uuid('link_id')
    .notNull()
    .references(() => tenantLinks.id, { onDelete: 'cascade' }),
  documentId: uuid('document_id')
    .notNull()
    .references(() => documents.id, { onDelete: 'cascade' }),
  firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull().defaultNow(),
  views: integer('views').notNull().default(1),
});

// The landlord's sender and bank account for new settlements (0018).
export const senderProfiles = pgTable('sender_profiles', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** The settlement's `letter` (landlord and bank), as validated by its schema. */
  letter: jsonb('letter').notNull(),
  updatedAt: updatedAt(),
});

/** What a booking of the bank file was matched to. */
export type BankMatch =
  | { kind: 'tenant-payment'; tenancyId: string; months?: string[] }
  | { kind: 'deposit'; tenancyId: string }
  | { kind: 'cost'; documentId?: string }
  | { kind: 'ignored' };

export const bankImports = pgTable(
  'bank_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id'),
    format: text('format').$type<(typeof BANK_FILE_FORMATS)[number]>().notNull(),
    iban: text('iban').notNull(),
    fromDate: date('from_date'),
    toDate: date('to_date'),
    transactions: integer('transactions').notNull(),
    newCount: integer('new_count').notNull(),
    duplicates: integer('duplicates').notNull(),
    matched: integer('matched').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.id, t.workspaceId)],
);

/** A booking's columns, alike in the account and on its way there (staged). */
const bookingColumns = () => ({
  accountIban: text('account_iban').notNull(),
  identity: text('identity').notNull(),
  bookingDate: date('booking_date').notNull(),
  valueDate: date('value_date').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  counterpartyName: text('counterparty_name').notNull().default(''),
  counterpartyIban: text('counterparty_iban').notNull().default(''),
  reference: text('reference').notNull().default(''),
  match: jsonb('match').$type<BankMatch>(),
  matchedBy: text('matched_by').$type<'auto' | 'rule' | 'user'>(),
  /** A returned booking (Rückbuchung); `reverses` is the booking it returns, where one was found. */
  reversal: boolean('reversal').notNull().default(false),
});

/** 0033: a tenancy's deposit and, after the move-out, its settlement (docs/domain/deposits.md). */
export const tenancyDeposits = pgTable('tenancy_deposits', {
  tenancyId: uuid('tenancy_id')
    .primaryKey()
    .references(() => tenancies.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  agreedCents: integer('agreed_cents').notNull(),
  form: text('form').$type<DepositForm>().notNull(),
  interestRateBp: integer('interest_rate_bp').notNull().default(0),
  payments: jsonb('payments').$type<DepositPayment[]>().notNull().default([]),
  settlement: jsonb('settlement').$type<StoredDepositSettlement>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 0034: a Mahnsperre — no reminder for the tenancy until a day, with the reason. */
export const reminderPauses = pgTable('reminder_pauses', {
  tenancyId: uuid('tenancy_id')
    .primaryKey()
    .references(() => tenancies.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  until: date('until').notNull(),
  reason: text('reason').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** 0035: a loan for a property: its annuity, and the interest the bank stated per year (docs/domain/tax-year.md). */
export const propertyLoans = pgTable(
  'property_loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').notNull(),
    lender: text('lender').notNull(),
    principalCents: bigint('principal_cents', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    monthlyRateCents: bigint('monthly_rate_cents', { mode: 'number' }).notNull(),
    firstRateOn: date('first_rate_on').notNull(),
    statedInterest: jsonb('stated_interest')
      .$type<Array<{ year: number; cents: number }>>()
      .notNull()
      .default([]),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.propertyId, t.workspaceId],
      foreignColumns: [properties.id, properties.workspaceId],
    }).onDelete('cascade'),
  ],
);

/** 0035: the AfA basis of a property's building (docs/domain/tax-year.md). */
export const propertyDepreciation = pgTable(
  'property_depreciation',
  {
    propertyId: uuid('property_id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    buildingCostCents: bigint('building_cost_cents', { mode: 'number' }).notNull(),
    completionYear: integer('completion_year').notNull(),
    acquiredOn: date('acquired_on').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.propertyId, t.workspaceId],
      foreignColumns: [properties.id, properties.workspaceId],
    }).onDelete('cascade'),
  ],
);

/** 0035: a property's co-owners with their shares; no row: one owner (docs/domain/tax-year.md). */
export const propertyCoOwners = pgTable(
  'property_co_owners',
  {
    propertyId: uuid('property_id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    owners: jsonb('owners').$type<CoOwner[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.propertyId, t.workspaceId],
      foreignColumns: [properties.id, properties.workspaceId],
    }).onDelete('cascade'),
  ],
);

/** 0035: the workspace's DATEV settings (docs/domain/tax-year.md, "For the adviser"). */
export const workspaceDatev = pgTable('workspace_datev', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  chart: text('chart').$type<Chart>().notNull(),
  accounts: jsonb('accounts').$type<AccountMap>().notNull(),
  adviserNumber: integer('adviser_number'),
  clientNumber: integer('client_number'),
  updatedAt: updatedAt(),
});

/** 0032: a reminder of late rent as its letter said it (docs/domain/late-rent.md). */
export const rentReminders = pgTable('rent_reminders', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  tenancyId: uuid('tenancy_id')
    .notNull()
    .references(() => tenancies.id, { onDelete: 'cascade' }),
  level: integer('level').$type<1 | 2 | 3>().notNull(),
  asOf: date('as_of').notNull(),
  months: jsonb('months').$type<ReminderMonth[]>().notNull(),
  openCents: integer('open_cents').notNull(),
  interestCents: integer('interest_cents').notNull(),
  interestUntil: date('interest_until').notNull(),
  feeCents: integer('fee_cents').notNull().default(0),
  payBy: date('pay_by').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** 0036: how it went to the tenant, and when; null until recorded. */
  channel: text('channel').$type<DeliveryChannelCode>(),
  sentOn: date('sent_on'),
});

/** 0036: a reminder mailed to the tenant: its private link, the first opening the proof. */
export const reminderLinks = pgTable('reminder_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  reminderId: uuid('reminder_id')
    .notNull()
    .references(() => rentReminders.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
  downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    importId: uuid('import_id').notNull(),
    ...bookingColumns(),
    reverses: uuid('reverses').references((): AnyPgColumn => bankTransactions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.workspaceId, t.accountIban, t.identity)],
);

// A file's new bookings on their way into bank_transactions (0025): staged in short steps, moved in one.
export const bankStagedBookings = pgTable(
  'bank_staged_bookings',
  {
    stageId: uuid('stage_id').notNull(),
    seq: integer('seq').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    ...bookingColumns(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.stageId, t.seq] })],
);

// Bank files that could not be read, kept with the reason (0026).
export const bankRefusedFiles = pgTable('bank_refused_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  reason: text('reason').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});

export const bankRules = pgTable(
  'bank_rules',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    payer: text('payer').notNull(),
    match: jsonb('match').$type<BankMatch>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.payer] })],
);

// Receipts read offline (0022): the recognition job and result of a document, and its pages
// as pictures for the review.
export const documentRecognitions = pgTable('document_recognitions', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  status: text('status').$type<RecognitionStatus>().notNull(),
  method: text('method').$type<RecognitionMethod>(),
  fields: jsonb('fields').$type<ReceiptFields>(),
  evidence: jsonb('evidence').$type<Record<string, Evidence>>().notNull().default({}),
  warnings: jsonb('warnings').$type<ReceiptWarning[]>().notNull().default([]),
  confidence: jsonb('confidence').$type<FieldConfidence>().notNull().default({}),
  sure: boolean('sure').notNull().default(false),
  error: text('error'),
  pages: integer('pages').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  booking: jsonb('booking').$type<ReceiptFields>(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const documentPages = pgTable(
  'document_pages',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    image: bytea('image').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.page] })],
);

// Other banks' CSV columns as the landlord mapped them, per bank (0023).
export const bankCsvMappings = pgTable(
  'bank_csv_mappings',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
    mapping: jsonb('mapping').$type<CsvMapping>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.signature] })],
);

export type MailStatus = 'pending' | 'running' | 'sent' | 'failed';

/** Mails to send, and what was sent (mail/outbox.ts, ADR 0027). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  recipient: text('recipient').notNull(),
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  tenantLinkId: uuid('tenant_link_id').references(() => tenantLinks.id, { onDelete: 'set null' }),
  reminderLinkId: uuid('reminder_link_id').references(() => reminderLinks.id, { onDelete: 'set null' }),
  status: text('status').$type<MailStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
