// The tenant's page behind the mailed link: plain server-rendered HTML in German, readable on a
// phone; its one script (same origin, so the strict CSP stays) records the opening. Everything printed is escaped.

import { formatCents, formatDateDe } from '../../shared/money';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface TenantPageView {
  landlordName: string;
  tenantName: string;
  property: { name: string; street: string; postalCode: string; city: string };
  periodStart: string;
  periodEnd: string;
  finalizedOn: string;
  /** The letter shown is a correction of the one first sent, final since this date. */
  correctedOn: string | null;
  /** The page's own script: its request after loading records the opening. */
  seenScriptUrl: string;
  totalCents: number;
  prepaymentCents: number;
  balanceCents: number;
  statementUrl: string;
  costs: { name: string; receipts: { name: string; url: string; kind: string }[] }[];
  /** How to reach the landlord: the account's e-mail and the letter's sender address. */
  contact: { email: string | null; address: string };
}

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #0f172a; background: #f8fafc; line-height: 1.5; }
main { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.125rem; margin: 0 0 .75rem; }
p { margin: 0 0 .5rem; }
.muted { color: #475569; }
section { background: #fff; border: 1px solid #e2e8f0; border-radius: .75rem; padding: 1rem 1.25rem; margin-top: 1.25rem; }
dl { display: grid; grid-template-columns: 1fr auto; gap: .25rem 1rem; margin: 0 0 1rem; }
dt { color: #334155; }
dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; }
a.button { display: inline-block; padding: .625rem 1rem; border-radius: .5rem; background: #1d4ed8; color: #fff; text-decoration: none; font-weight: 600; }
a.button.secondary { background: #fff; color: #1d4ed8; border: 1px solid #1d4ed8; }
a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
ul { list-style: none; margin: 0; padding: 0; }
li.cost { padding: .625rem 0; border-top: 1px solid #e2e8f0; }
li.cost:first-child { border-top: 0; }
li.cost ul { margin-top: .25rem; }
li.cost li { margin: .125rem 0; overflow-wrap: anywhere; }
p.note { margin-top: .75rem; }
p.notice { margin-top: .75rem; padding: .625rem .875rem; border-radius: .5rem; background: #fef3c7; color: #78350f; }
footer { margin-top: 2rem; font-size: .875rem; color: #475569; }
`;

/** The page's frame: German, readable on a phone, not indexed; `script` records the opening. */
export function page(title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${script ? `<script src="${escapeHtml(script)}" defer></script>` : ''}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function tenantPageHtml(v: TenantPageView): string {
  const period = `${formatDateDe(v.periodStart)} – ${formatDateDe(v.periodEnd)}`;
  // a property is often named after its street: say it once
  const address = [
    v.property.name !== v.property.street ? v.property.name : '',
    v.property.street,
    `${v.property.postalCode} ${v.property.city}`.trim(),
  ]
    .filter((part) => part !== '')
    .join(', ');
  const balance =
    v.balanceCents >= 0
      ? `<dt>Nachzahlung</dt><dd>${formatCents(v.balanceCents)}</dd>`
      : `<dt>Guthaben</dt><dd>${formatCents(-v.balanceCents)}</dd>`;
  const withReceipts = v.costs.filter((c) => c.receipts.length > 0);
  const without = v.costs.length - withReceipts.length;
  const costs = withReceipts
    .map((c) => {
      const receipts = `<ul>${c.receipts
        .map(
          (r) =>
            `<li><a href="${escapeHtml(r.url)}" target="_blank" rel="noopener">${escapeHtml(r.name)}</a> <span class="muted">(${escapeHtml(r.kind)})</span></li>`,
        )
        .join('')}</ul>`;
      return `<li class="cost"><strong>${escapeHtml(c.name)}</strong>${receipts}</li>`;
    })
    .join('\n');
  // the costs without a receipt here are named once, not each with "none"
  const rest =
    withReceipts.length === 0
      ? '<p class="note">Ihr Vermieter hat hier keine Belege hinterlegt. Sie können sie bei ihm einsehen.</p>'
      : without > 0
        ? `<p class="muted note">Zu ${without === 1 ? 'einer weiteren Kostenposition' : `${without} weiteren Kostenpositionen`} sind hier keine Belege hinterlegt; Sie können sie bei Ihrem Vermieter einsehen.</p>`
        : '';
  const mail = v.contact.email
    ? `<a href="mailto:${escapeHtml(v.contact.email)}">${escapeHtml(v.contact.email)}</a>`
    : '';
  const contact = [mail, escapeHtml(v.contact.address)].filter((part) => part !== '').join(' · ');
  return page(
    `Betriebskostenabrechnung ${period}`,
    `<header>
<p class="muted">Betriebskostenabrechnung von ${escapeHtml(v.landlordName)}</p>
<h1>Abrechnung ${escapeHtml(period)}</h1>
<p>für ${escapeHtml(v.tenantName)} · ${escapeHtml(address)}</p>
${v.correctedOn ? `<p class="notice" role="status">Ihr Vermieter hat die Abrechnung am ${formatDateDe(v.correctedOn)} korrigiert. Hier sehen Sie die korrigierte Fassung; sie ersetzt die zuerst zugesandte.</p>` : ''}
</header>
<section aria-labelledby="statement">
<h2 id="statement">Ihre Abrechnung</h2>
<dl>
<dt>Ihr Anteil an den Kosten</dt><dd>${formatCents(v.totalCents)}</dd>
<dt>Ihre Vorauszahlungen</dt><dd>${formatCents(v.prepaymentCents)}</dd>
${balance}
</dl>
<div class="actions">
<a class="button" href="${escapeHtml(v.statementUrl)}" target="_blank" rel="noopener">Abrechnung ansehen (PDF)</a>
<a class="button secondary" href="${escapeHtml(v.statementUrl)}?download=1" download>PDF herunterladen</a>
</div>
<p class="muted note">Erstellt am ${formatDateDe(v.finalizedOn)}. Maßgeblich ist das PDF.</p>
</section>
<section aria-labelledby="receipts">
<h2 id="receipts">Belege zu den Kosten</h2>
<p class="muted">Sie können die Belege zu Ihrer Abrechnung hier ansehen (§ 556 Abs. 4 BGB).</p>
${costs ? `<ul>\n${costs}\n</ul>` : ''}
${rest}
</section>
<section aria-labelledby="contact">
<h2 id="contact">Fragen oder Einwände?</h2>
<p>Wenden Sie sich an ${escapeHtml(v.landlordName)}${contact ? `: ${contact}` : '.'}</p>
<p class="muted">Einwendungen gegen die Abrechnung sind innerhalb von 12 Monaten nach Zugang mitzuteilen (§ 556 Abs. 3 BGB).</p>
</section>
<footer>
<p>Diese Seite ist nur über Ihren persönlichen Link erreichbar. Ihr Vermieter sieht, wann Sie die Seite zuerst geöffnet und welche Belege Sie angesehen haben.</p>
</footer>`,
    v.seenScriptUrl,
  );
}

/** A page with one message: a wrong, expired or unknown link (which says nothing about why), or too many calls. */
export function messagePageHtml(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}

export const NOT_FOUND_PAGE = messagePageHtml(
  'Seite nicht gefunden',
  'Dieser Link ist ungültig oder abgelaufen. Bitte wenden Sie sich an Ihren Vermieter.',
);
