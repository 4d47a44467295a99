// What the tenant page shows for a link: the letter's figures and its receipts, or only that the
// letter was corrected (when the correction did not go to the same address). Answers the page's HTML.

import { isoDateInBerlin } from '../../shared/dates';
import { formatDateDe } from '../../shared/money';
import type { Db } from '../db/client';
import { landlordEmail, landlordName } from '../settlements/sender';
import { heatingStatement, statementCostIndexes, type TenantAccess, tenantReceipts } from './access';
import { tenantNotFound } from './messages';
import { messagePageHtml, tenantPageHtml } from './page';

export async function tenantPage(db: Db, access: TenantAccess, token: string): Promise<string> {
  const { snapshot, result, tenancyId, corrected } = access;
  if (corrected && !corrected.shown) {
    return messagePageHtml(
      'Abrechnung korrigiert',
      `Ihr Vermieter hat diese Betriebskostenabrechnung am ${formatDateDe(corrected.on)} korrigiert. Die ersetzte Fassung ist hier nicht mehr abrufbar; die korrigierte Abrechnung erhalten Sie von Ihrem Vermieter.`,
    );
  }
  const tenancy = result.tenancies.find((t) => t.tenancyId === tenancyId);
  const tenant = snapshot.tenancies.find((t) => t.id === tenancyId);
  if (!tenancy || !tenant) throw tenantNotFound();
  const receipts = await tenantReceipts(db, access);
  const statement = heatingStatement(access);
  const base = `/api/tenant/${token}`;
  return tenantPageHtml({
    landlordName: await landlordName(db, access.workspaceId, snapshot),
    contact: {
      email: (await landlordEmail(db, access.workspaceId)) ?? null,
      address: [snapshot.entries.letter?.landlord.street, snapshot.entries.letter?.landlord.city]
        .filter((part): part is string => Boolean(part))
        .join(', '),
    },
    tenantName: tenant.tenant.name,
    property: snapshot.property,
    periodStart: snapshot.periodStart,
    periodEnd: snapshot.periodEnd,
    finalizedOn: isoDateInBerlin(access.finalizedAt),
    correctedOn: corrected ? isoDateInBerlin(corrected.on) : null,
    totalCents: tenancy.totalCents,
    prepaymentCents: tenancy.prepaymentCents,
    balanceCents: tenancy.balanceCents,
    statementUrl: `${base}/statement.pdf`,
    seenScriptUrl: '/m/seen.js',
    costs: [
      ...statementCostIndexes(access).map((i) => ({ i, name: snapshot.entries.costs[i]?.name ?? '' })),
      ...(statement ? [{ i: statement.costIndex, name: 'Heizkosten (Abrechnung des Messdienstes)' }] : []),
    ].map(({ i, name }) => ({
      name,
      receipts: receipts
        .filter((r) => r.costIndex === i)
        .map((r) => ({
          name: r.name,
          url: `${base}/documents/${r.id}`,
          kind: r.fileType === 'application/pdf' ? 'PDF' : 'Bild',
        })),
    })),
  });
}
