// The tenant's page of a mailed reminder (docs/domain/late-rent.md): reached through its token alone,
// it shows what the letter asks — the open months, interest, fee, the day to pay by and where to — and
// offers the letter as a PDF. The first opening in a browser is the landlord's proof of receipt.

import { and, eq, gt, sql } from 'drizzle-orm';
import { formatIban } from '../../shared/iban';
import { formatCents, formatDateDe, formatMonthDe } from '../../shared/money';
import { reminderTotal } from '../../shared/rent/reminder-letter';
import { REMINDER_TITLES } from '../../shared/schemas/late-rent';
import { findTenancy } from '../buildings/queries';
import type { Db } from '../db/client';
import { reminderLinks, rentReminders } from '../db/schema';
import { hashToken, isToken } from '../http/link-tokens';
import { landlordEmail } from '../settlements/sender';
import { tenantNotFound } from '../tenant/messages';
import { escapeHtml, page } from '../tenant/page';
import { tenancyLetterParties } from './letter-parties';

/** The live link of `token` with its reminder, or 404 — every miss looks the same. */
export async function resolveReminderToken(db: Db, token: string, now = new Date()) {
  if (!isToken(token)) throw tenantNotFound();
  const [found] = await db
    .select({ linkId: reminderLinks.id, workspaceId: reminderLinks.workspaceId, reminder: rentReminders })
    .from(reminderLinks)
    .innerJoin(
      rentReminders,
      and(
        eq(rentReminders.id, reminderLinks.reminderId),
        eq(rentReminders.workspaceId, reminderLinks.workspaceId),
      ),
    )
    .where(and(eq(reminderLinks.tokenHash, hashToken(token)), gt(reminderLinks.expiresAt, now)));
  if (!found) throw tenantNotFound();
  return found;
}
export type ReminderAccess = Awaited<ReturnType<typeof resolveReminderToken>>;

export async function recordReminderOpening(db: Db, linkId: string) {
  await db
    .update(reminderLinks)
    .set({ firstOpenedAt: sql`coalesce(${reminderLinks.firstOpenedAt}, now())` })
    .where(eq(reminderLinks.id, linkId));
}

export async function recordReminderDownload(db: Db, linkId: string) {
  await db
    .update(reminderLinks)
    .set({ downloadedAt: sql`coalesce(${reminderLinks.downloadedAt}, now())` })
    .where(eq(reminderLinks.id, linkId));
}

export async function reminderPageHtml(db: Db, access: ReminderAccess, token: string): Promise<string> {
  const { reminder: r, workspaceId } = access;
  const tenancy = await findTenancy(db, workspaceId, r.tenancyId);
  if (!tenancy) throw tenantNotFound();
  const parties = await tenancyLetterParties(db, workspaceId, tenancy);
  const landlord = parties.letter?.landlord.name ?? '';
  const bank = parties.letter?.bank;
  const email = await landlordEmail(db, workspaceId);
  const title = REMINDER_TITLES[r.level];
  const letterUrl = `/api/tenant/r/${token}/letter.pdf`;
  const months = r.months
    .map(
      (m) =>
        `<dt>Miete ${escapeHtml(formatMonthDe(m.month))}${m.openCents < m.dueCents ? ', Rest' : ''}</dt><dd>${formatCents(m.openCents)}</dd>`,
    )
    .join('\n');
  const account =
    bank?.iban && bank.iban !== ''
      ? `<p>Bitte überweisen Sie auf das Konto ${escapeHtml(bank.holder || landlord)}, IBAN ${escapeHtml(formatIban(bank.iban))}${bank.bank ? ` (${escapeHtml(bank.bank)})` : ''}.</p>`
      : '';
  const contact = [
    email ? `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>` : '',
    escapeHtml([parties.letter?.landlord.street, parties.letter?.landlord.city].filter(Boolean).join(', ')),
  ]
    .filter((part) => part !== '')
    .join(' · ');
  return page(
    `${title} – ${parties.rented}`,
    `<header>
<p class="muted">${escapeHtml(title)} von ${escapeHtml(landlord)}</p>
<h1>${escapeHtml(title)}</h1>
<p>für ${escapeHtml(tenancy.tenantName)} · ${escapeHtml(parties.rented)}</p>
</header>
<section aria-labelledby="asked">
<h2 id="asked">Offen laut unseren Kontoauszügen bis ${formatDateDe(r.asOf)}</h2>
<dl>
${months}
${r.interestCents > 0 ? `<dt>Verzugszinsen bis ${formatDateDe(r.interestUntil)}</dt><dd>${formatCents(r.interestCents)}</dd>` : ''}
${r.feeCents > 0 ? `<dt>Mahnkosten</dt><dd>${formatCents(r.feeCents)}</dd>` : ''}
<dt><strong>Zu zahlen bis ${formatDateDe(r.payBy)}</strong></dt><dd>${formatCents(reminderTotal(r))}</dd>
</dl>
${account}
<div class="actions">
<a class="button" href="${escapeHtml(letterUrl)}" target="_blank" rel="noopener">Schreiben ansehen (PDF)</a>
<a class="button secondary" href="${escapeHtml(letterUrl)}?download=1" download>PDF herunterladen</a>
</div>
<p class="muted note">Haben Sie inzwischen bezahlt? Dann betrachten Sie dieses Schreiben bitte als gegenstandslos.</p>
</section>
<section aria-labelledby="contact">
<h2 id="contact">Fragen?</h2>
<p>Wenden Sie sich an ${escapeHtml(landlord || 'Ihren Vermieter')}${contact ? `: ${contact}` : '.'}</p>
</section>
<footer>
<p>Diese Seite ist nur über Ihren persönlichen Link erreichbar. Ihr Vermieter sieht, wann Sie die Seite zuerst geöffnet haben.</p>
</footer>`,
    '/m/seen.js',
  );
}
