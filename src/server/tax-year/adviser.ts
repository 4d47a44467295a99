// What the tax adviser gets (docs/domain/tax-year.md, "For the adviser"): the workspace's DATEV
// settings, the year's Buchungsstapel over every property the person may see, and a property's receipts
// of the year as a ZIP named by day, payee and amount.

import { buffer } from 'node:stream/consumers';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { fileNamePart } from '../../shared/file-name-part';
import { formatCents } from '../../shared/money';
import type { DatevSettingsJson, datevSettingsBody } from '../../shared/schemas/tax-year';
import type { z } from '../../shared/schemas/zod';
import { type AccountMap, DEFAULT_ACCOUNTS } from '../../shared/tax-year/accounts';
import { datevBookings } from '../../shared/tax-year/datev-bookings';
import type { Db } from '../db/client';
import { documents, properties, workspaceDatev } from '../db/schema';
import { AppError } from '../errors';
import { type Storage, StoredFileNotFoundError } from '../storage/types';
import type { Scope } from '../workspaces/scope';
import { datevFile, datevFileName } from './datev-file';
import { taxYearOf } from './tax-year';

export async function datevSettingsOf(db: Db, workspaceId: string): Promise<DatevSettingsJson> {
  const [row] = await db.select().from(workspaceDatev).where(eq(workspaceDatev.workspaceId, workspaceId));
  if (!row)
    return {
      chart: 'SKR03',
      accounts: DEFAULT_ACCOUNTS.SKR03,
      adviserNumber: null,
      clientNumber: null,
      saved: false,
    };
  return {
    chart: row.chart,
    accounts: { ...DEFAULT_ACCOUNTS[row.chart], ...row.accounts },
    adviserNumber: row.adviserNumber,
    clientNumber: row.clientNumber,
    saved: true,
  };
}

export async function saveDatevSettings(
  db: Db,
  workspaceId: string,
  body: z.output<typeof datevSettingsBody>,
): Promise<DatevSettingsJson> {
  const changed = Object.entries(body.accounts ?? {}).filter(([, account]) => account !== undefined);
  const values = {
    chart: body.chart,
    accounts: { ...DEFAULT_ACCOUNTS[body.chart], ...Object.fromEntries(changed) } as AccountMap,
    adviserNumber: body.adviserNumber,
    clientNumber: body.clientNumber,
  };
  await db
    .insert(workspaceDatev)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceDatev.workspaceId, set: values });
  return { ...values, saved: true };
}

/** The properties a person may see in the workspace: all, or a limited reader's chosen ones. */
async function visibleProperties(db: Db, scope: Scope) {
  return db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(
      and(
        eq(properties.workspaceId, scope.workspaceId),
        scope.propertyIds ? inArray(properties.id, scope.propertyIds) : undefined,
      ),
    )
    .orderBy(asc(properties.name), asc(properties.id));
}

/** The year's Buchungsstapel: every property's payments, on the workspace's accounts. */
export async function datevExport(db: Db, scope: Scope, year: number) {
  const settings = await datevSettingsOf(db, scope.workspaceId);
  const bookings = [];
  for (const p of await visibleProperties(db, scope)) {
    const tax = await taxYearOf(db, scope.workspaceId, p.id, year);
    bookings.push(...datevBookings(p.name, tax.anlageV, settings.accounts, tax.depositsReceived));
  }
  bookings.sort((a, b) => a.date.localeCompare(b.date));
  const content = datevFile(
    {
      createdAt: new Date(),
      exportedBy: scope.user.fullName || scope.user.email,
      adviserNumber: settings.adviserNumber,
      clientNumber: settings.clientNumber,
      year,
      chart: settings.chart,
      title: `Vermietung ${year}`,
    },
    bookings,
  );
  return { fileName: datevFileName(year), content };
}

const tooManyReceipts = () =>
  new AppError('too_many_receipts', 413, 'Mehr als 500 Belege in einem Jahr: Bitte laden Sie sie einzeln.');

/**
 * The receipts the property's year counts: "2025-03-14_Stadt_Musterstadt_401,00_€.pdf", one per receipt
 * with its amount, stored as they were uploaded; a file missing in the store becomes a text saying so.
 */
async function receiptFiles(
  db: Db,
  storage: Storage,
  workspaceId: string,
  propertyId: string,
  year: number,
  folder = '',
): Promise<Record<string, Uint8Array>> {
  const tax = await taxYearOf(db, workspaceId, propertyId, year);
  const byReceipt = new Map<string, { date: string; party: string; cents: number }>();
  for (const line of tax.anlageV.lines)
    for (const s of line.sources)
      if (s.kind === 'receipt' && s.id && s.date) {
        const seen = byReceipt.get(s.id);
        // a spread repair names its whole payment
        byReceipt.set(s.id, {
          date: s.date,
          party: s.party,
          cents: (seen?.cents ?? 0) + (s.paidCents ?? s.cents),
        });
      }
  if (byReceipt.size > 500) throw tooManyReceipts();
  const rows =
    byReceipt.size === 0
      ? []
      : await db
          .select({ id: documents.id, name: documents.name, storageKey: documents.storageKey })
          .from(documents)
          .where(and(eq(documents.workspaceId, workspaceId), inArray(documents.id, [...byReceipt.keys()])));
  const files: Record<string, Uint8Array> = {};
  for (const row of rows) {
    const r = byReceipt.get(row.id);
    if (!r) continue;
    const extension = row.name.match(/\.[a-z0-9]{2,4}$/i)?.[0] ?? '';
    const base = `${folder}${fileNamePart(`${r.date} ${r.party} ${formatCents(r.cents)}`, 120)}`;
    let name = `${base}${extension}`;
    for (let n = 2; files[name]; n++) name = `${base}_${n}${extension}`;
    try {
      files[name] = new Uint8Array(await buffer(await storage.get(row.storageKey)));
    } catch (error) {
      if (!(error instanceof StoredFileNotFoundError)) throw error;
      // the booking stands; the archive says which file could not be found
      files[`${base}_Datei_fehlt.txt`] = new TextEncoder().encode(
        `Die Datei „${row.name}“ wurde im Speicher nicht gefunden. Bitte laden Sie den Beleg erneut hoch.\r\n`,
      );
    }
  }
  return files;
}

// receipts are compressed already (PDF, JPEG, PNG): stored, not deflated
const zipped = (files: Record<string, Uint8Array>) => zipSync(files, { level: 0 });

/** The property's receipts of the year as a ZIP. */
export async function receiptsZip(
  db: Db,
  storage: Storage,
  workspaceId: string,
  propertyId: string,
  year: number,
) {
  return {
    fileName: `Belege_${year}.zip`,
    content: zipped(await receiptFiles(db, storage, workspaceId, propertyId, year)),
  };
}

/** Every property's receipts of the year the person may see, a folder per property. */
export async function workspaceReceiptsZip(db: Db, storage: Storage, scope: Scope, year: number) {
  const files: Record<string, Uint8Array> = {};
  for (const p of await visibleProperties(db, scope))
    Object.assign(
      files,
      await receiptFiles(
        db,
        storage,
        scope.workspaceId,
        p.id,
        year,
        `${fileNamePart(p.name) || 'Immobilie'}_${p.id.slice(0, 8)}/`,
      ),
    );
  return { fileName: `Belege_${year}_alle_Immobilien.zip`, content: zipped(files) };
}
