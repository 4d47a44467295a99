import type { ContactInput } from '../../shared/schemas/contact';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The notice the operator gets for a message sent through the contact form. */
export function operatorContactMail(message: Pick<ContactInput, 'name' | 'email' | 'message'>) {
  const subject = `Neue Kontaktanfrage von ${message.name}`.slice(0, 150);
  const text = [
    'Über das Kontaktformular von Umlage ist eine neue Nachricht eingegangen.',
    '',
    `Name: ${message.name}`,
    `E-Mail: ${message.email}`,
    '',
    'Nachricht:',
    message.message,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">',
    '<p>Über das Kontaktformular von Umlage ist eine neue Nachricht eingegangen.</p>',
    `<p><strong>Name:</strong> ${escapeHtml(message.name)}<br><strong>E-Mail:</strong> ${escapeHtml(message.email)}</p>`,
    `<p style="white-space: pre-wrap">${escapeHtml(message.message)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
