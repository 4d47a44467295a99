// The mail that carries a final statement to the tenant: sent by Umlage on the landlord's behalf,
// with the link to the private tenant page and no attachment (the page records the opening).

import { formatDateDe } from '../../shared/money';
import type { MailContent } from '../mail/templates';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface StatementMail {
  landlordName: string;
  tenantName: string;
  propertyName: string;
  periodStart: string;
  periodEnd: string;
  url: string;
  expiresOn: string;
  /** The address is not the one the letter was finalized with: the mail says so. */
  changedAddress: boolean;
}

export function statementMail(m: StatementMail): MailContent {
  const period = `${formatDateDe(m.periodStart)} – ${formatDateDe(m.periodEnd)}`;
  const subject = `Betriebskostenabrechnung ${period} – ${m.propertyName}`;
  const paragraphs = [
    `${m.landlordName} sendet Ihnen die Betriebskostenabrechnung für den Zeitraum ${period} (${m.propertyName}).`,
    'Über den folgenden Link können Sie die Abrechnung ansehen und als PDF herunterladen. Dort finden Sie auch die Belege zu den Kosten. Sie brauchen dafür kein Konto.',
    `Der Link ist persönlich und bis zum ${formatDateDe(m.expiresOn)} gültig. Ihr Vermieter sieht, wann Sie die Seite zuerst geöffnet haben.`,
    `Fragen oder Einwände? Antworten Sie einfach auf diese E-Mail: Ihre Antwort geht an ${m.landlordName}.`,
    ...(m.changedAddress
      ? [
          'Hinweis: Ihr Vermieter hat diese E-Mail-Adresse nach dem Abschluss der Abrechnung hinterlegt. Falls Sie nicht der genannte Mieter sind, beachten Sie diese E-Mail bitte nicht.',
        ]
      : []),
  ];
  return tenantLinkMail({
    subject,
    tenantName: m.tenantName,
    landlordName: m.landlordName,
    paragraphs,
    button: 'Abrechnung ansehen',
    url: m.url,
  });
}

/**
 * A mail on the landlord's behalf that carries a private link to a letter's page (a statement, a
 * reminder): greeting, the paragraphs, the link as a button and as text, the landlord's name.
 */
export function tenantLinkMail(m: {
  subject: string;
  tenantName: string;
  landlordName: string;
  paragraphs: string[];
  button: string;
  url: string;
}): MailContent {
  const greeting = `Guten Tag ${m.tenantName},`;
  const footer = `Mit freundlichen Grüßen\n${m.landlordName}\n\n(versandt über Umlage)`;
  const text = [
    greeting,
    '',
    ...m.paragraphs.flatMap((p) => [p, '']),
    `${m.button}:`,
    m.url,
    '',
    footer,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...m.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(m.url)}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(m.button)}</a></p>`,
    `<p style="font-size: 12px; color: #6b7280">Falls der Knopf nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:<br>${escapeHtml(m.url)}</p>`,
    `<p>${footer.split('\n').map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: m.subject, text, html };
}
