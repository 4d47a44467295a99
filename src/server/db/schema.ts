import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

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
  credits: integer('credits').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    yearBuilt: integer('year_built').notNull(),
    totalArea: numeric('total_area', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    unitCount: integer('unit_count').notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique().on(t.id, t.userId)],
);

export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    foreignKey({ columns: [t.propertyId, t.userId], foreignColumns: [properties.id, properties.userId] }),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id'),
    name: text('name').notNull(),
    type: text('type').notNull().default('Sonstiges'),
    description: text('description').notNull().default(''),
    docDate: date('doc_date'),
    storageKey: text('storage_key').notNull().unique(),
    fileType: text('file_type').notNull(),
    size: integer('size').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.propertyId, t.userId], foreignColumns: [properties.id, properties.userId] }),
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
  delta: integer('delta').notNull(),
  reason: text('reason').notNull(),
  reference: text('reference'),
  createdAt: createdAt(),
});
