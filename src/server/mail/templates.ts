// The German mails the product sends: plain text plus simple HTML with the same content.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(
  subject: string,
  greetingName: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailContent {
  const greeting = greetingName ? `Hallo ${greetingName},` : 'Hallo,';
  const footer = 'Ihr Umlage-Team';
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    footer,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(action.label)}</a></p><p style="font-size: 12px; color: #6b7280">Falls der Knopf nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:<br>${escapeHtml(action.url)}</p>`
      : '',
    `<p>${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

// Mails to an address nobody has confirmed yet greet no one: the name was typed by whoever
// registered, and must not carry their words to a stranger's inbox.

export function verificationMail(url: string): MailContent {
  return compose(
    'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    '',
    [
      'vielen Dank für Ihre Registrierung bei Umlage.',
      'Bitte bestätigen Sie Ihre E-Mail-Adresse, damit wir Sie zuverlässig erreichen können. Der Link ist 24 Stunden gültig.',
    ],
    { label: 'E-Mail-Adresse bestätigen', url },
  );
}

/** `name` only for a confirmed address (see above); null greets without it. */
export function passwordResetMail(name: string | null, url: string): MailContent {
  return compose(
    'Passwort zurücksetzen',
    name ?? '',
    [
      'wir haben eine Anfrage erhalten, das Passwort für Ihr Umlage-Konto zurückzusetzen.',
      'Über den folgenden Link können Sie ein neues Passwort festlegen. Der Link ist eine Stunde gültig und kann nur einmal verwendet werden. Danach werden alle bestehenden Anmeldungen beendet.',
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    ],
    { label: 'Neues Passwort festlegen', url },
  );
}

export function existingAccountMail(forgotPasswordUrl: string): MailContent {
  return compose(
    'Registrierung mit Ihrer E-Mail-Adresse',
    '',
    [
      'soeben hat jemand versucht, mit Ihrer E-Mail-Adresse ein neues Umlage-Konto anzulegen. Für diese Adresse besteht bereits ein Konto.',
      'Wenn Sie das waren, melden Sie sich einfach an. Falls Sie Ihr Passwort vergessen haben, können Sie es hier zurücksetzen.',
      'Falls nicht, können Sie diese E-Mail ignorieren.',
    ],
    { label: 'Passwort zurücksetzen', url: forgotPasswordUrl },
  );
}

/** Sent when the account is locked by failed sign-ins and its owner signed in with the right password. */
export function signInLinkMail(name: string, url: string): MailContent {
  return compose(
    'Ihr Anmeldelink',
    name,
    [
      'für Ihr Umlage-Konto gab es in der letzten Stunde viele fehlgeschlagene Anmeldeversuche, darum ist die Anmeldung mit Passwort von neuen Geräten vorübergehend gesperrt. Eben haben Sie sich mit dem richtigen Passwort angemeldet.',
      'Über den folgenden Link melden Sie sich auf diesem Gerät an. Der Link ist 15 Minuten gültig und kann nur einmal verwendet werden.',
      'Falls Sie das nicht waren, kennt jemand Ihr Passwort: Bitte ändern Sie es, sobald Sie angemeldet sind.',
    ],
    { label: 'Jetzt anmelden', url },
  );
}

/** An invitation into a workspace; the inviter's address is confirmed, so their name may greet. */
export function invitationMail(inviter: string, workspace: string, role: string, url: string): MailContent {
  return compose(
    `Einladung in den Arbeitsbereich „${workspace}“`,
    '',
    [
      `${inviter} lädt Sie ein, bei Umlage im Arbeitsbereich „${workspace}“ mitzuarbeiten, mit der Rolle „${role}“.`,
      'Melden Sie sich mit dieser E-Mail-Adresse an (oder legen Sie ein Konto an) und nehmen Sie die Einladung an. Der Link ist 7 Tage gültig und kann nur einmal verwendet werden.',
      'Falls Sie damit nichts anfangen können, ignorieren Sie diese E-Mail einfach.',
    ],
    { label: 'Einladung ansehen', url },
  );
}
