// Invented bank files: one year of a 6-unit house's account, in every format a
// German bank exports. Names, IBANs and amounts are made up; the IBANs pass the mod-97 check.

import { zipSync } from 'fflate';
import type { Booking } from '../../src/server/bank/booking';
import { type Api, SAMPLE_PROPERTY } from './building';

/** The landlord's account. */
export const LANDLORD_IBAN = 'DE89370400440532013000';

/** Invented, valid IBANs of the payers and payees. */
export const IBANS = {
  berg: 'DE02120300000000202051',
  krause: 'DE02500105170137075030',
  yilmaz: 'DE02100500000054540402',
  fischer: 'DE02300209000106531065',
  jobcenter: 'DE06100000000010001590',
  stadtwerke: 'DE12500105170648489890',
} as const;

const money = (cents: number) => (Math.abs(cents) / 100).toFixed(2);

/**
 * A year's bookings: rent on time, late, short and twice; the Jobcenter paying for a tenant; utility,
 * tax and insurance debits; a bank fee.
 */
export function sampleYear(year = 2025): Booking[] {
  const b = (
    day: string,
    amountCents: number,
    counterpartyName: string,
    counterpartyIban: string,
    reference: string,
  ): Booking => ({
    bookingDate: `${year}-${day}`,
    valueDate: `${year}-${day}`,
    amountCents,
    counterpartyName,
    counterpartyIban,
    reference,
    bankReference: null,
  });
  const bookings: Booking[] = [];
  for (let m = 1; m <= 12; m++) {
    const mm = String(m).padStart(2, '0');
    bookings.push(b(`${mm}-01`, 78_000, 'Anna Berg', IBANS.berg, `Miete ${mm}/${year} EG links`));
    // Krause pays late, on the 12th
    bookings.push(b(`${mm}-12`, 64_000, 'Petra Krause', IBANS.krause, `Miete Krause ${mm}/${year}`));
    // the Jobcenter pays Fischer's rent
    bookings.push(
      b(
        `${mm}-02`,
        55_000,
        'Jobcenter Berlin Mitte',
        IBANS.jobcenter,
        `KdU BG 12345A6789 Mietzahlung ${mm}/${year}`,
      ),
    );
  }
  // Yilmaz: short in March, twice in May
  bookings.push(b('03-03', 60_000, 'Murat Yilmaz', IBANS.yilmaz, 'Miete März'));
  bookings.push(b('05-02', 91_000, 'Murat Yilmaz', IBANS.yilmaz, 'Miete Mai'));
  bookings.push(b('05-03', 91_000, 'Murat Yilmaz', IBANS.yilmaz, 'Miete Mai'));
  bookings.push(b('02-15', -48_000, 'Stadtwerke Berlin GmbH', IBANS.stadtwerke, 'Abschlag Wasser Kd 4711'));
  bookings.push(b('02-15', -98_765, 'Finanzamt Friedrichshain', '', 'Grundsteuer 1. Quartal'));
  bookings.push(b('01-31', -1_290, '', '', 'Kontoführung Januar'));
  return bookings.sort((x, y) =>
    x.bookingDate < y.bookingDate ? -1 : x.bookingDate > y.bookingDate ? 1 : 0,
  );
}

const xmlText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The bank's reference of a booking: the same booking has the same one in every file. */
const bankReference = (b: Booking) =>
  `REF${b.bookingDate.replaceAll('-', '')}${Math.abs(b.amountCents)}${b.counterpartyIban.slice(-4) || 'X'}`;

/** CAMT.053 in version 001.02 or 001.08 (the other party under Pty), AcctSvcrRef per entry. */
export function camt053(bookings: Booking[], version: '001.02' | '001.08' = '001.08', iban = LANDLORD_IBAN) {
  const party = (name: string, account: string, role: 'Dbtr' | 'Cdtr') => {
    const nm = `<Nm>${xmlText(name)}</Nm>`;
    const who = version === '001.08' ? `<${role}><Pty>${nm}</Pty></${role}>` : `<${role}>${nm}</${role}>`;
    return `${name ? who : ''}${account ? `<${role}Acct><Id><IBAN>${account}</IBAN></Id></${role}Acct>` : ''}`;
  };
  const status = version === '001.08' ? '<Sts><Cd>BOOK</Cd></Sts>' : '<Sts>BOOK</Sts>';
  const entries = bookings
    .map((b) => {
      const credit = b.amountCents > 0;
      return `<Ntry><Amt Ccy="EUR">${money(b.amountCents)}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>${status}
<BookgDt><Dt>${b.bookingDate}</Dt></BookgDt><ValDt><Dt>${b.valueDate}</Dt></ValDt><AcctSvcrRef>${bankReference(b)}</AcctSvcrRef>
<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RltdPties>${party(b.counterpartyName, b.counterpartyIban, credit ? 'Dbtr' : 'Cdtr')}</RltdPties>
<RmtInf><Ustrd>${xmlText(b.reference)}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.${version}">
<BkToCstmrStmt><GrpHdr><MsgId>UMLAGE-TEST</MsgId><CreDtTm>2026-01-02T08:00:00</CreDtTm></GrpHdr>
<Stmt><Id>1</Id><Acct><Id><IBAN>${iban}</IBAN></Id></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}

/** The savings banks' ZIP: one CAMT file per booking day. */
export function camtZipByDay(bookings: Booking[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const day of new Set(bookings.map((b) => b.bookingDate))) {
    const ofDay = bookings.filter((b) => b.bookingDate === day);
    files[`${day}_camt053_${LANDLORD_IBAN}.xml`] = new TextEncoder().encode(camt053(ofDay));
  }
  return zipSync(files);
}

/** MT940 as German banks fill field 86 (?20 purpose, ?31 IBAN, ?32 name). */
export function mt940(bookings: Booking[], iban = LANDLORD_IBAN): string {
  const yymmdd = (iso: string) => iso.slice(2).replaceAll('-', '');
  const lines = [':20:STARTUMS', `:25:${iban}`, ':28C:1/1', ':60F:C241231EUR0,00'];
  let balance = 0;
  for (const b of bookings) {
    balance += b.amountCents;
    const dc = b.amountCents >= 0 ? 'C' : 'D';
    lines.push(
      `:61:${yymmdd(b.valueDate)}${yymmdd(b.bookingDate).slice(2)}${dc}${money(b.amountCents).replace('.', ',')}NTRFNONREF`,
    );
    const purpose = b.reference.match(/.{1,27}/g) ?? [''];
    const fields = [
      '166?00GUTSCHRIFT',
      ...purpose.slice(0, 10).map((p, k) => `?${20 + k}${p}`),
      ...(b.counterpartyIban ? [`?31${b.counterpartyIban}`] : []),
      ...(b.counterpartyName ? [`?32${b.counterpartyName.slice(0, 27)}`] : []),
    ];
    lines.push(`:86:${fields.join('')}`);
  }
  const sign = balance >= 0 ? 'C' : 'D';
  lines.push(
    `:62F:${sign}${yymmdd(bookings.at(-1)?.bookingDate ?? '2025-12-31')}EUR${money(balance).replace('.', ',')}`,
    '-',
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** CSV-CAMT V2, ISO-8859-1 as savings banks write it. */
export function csvCamt(bookings: Booking[], iban = LANDLORD_IBAN): Uint8Array {
  const head =
    '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Glaeubiger ID";"Mandatsreferenz";"Kundenreferenz (End-to-End)";"Sammlerreferenz";"Lastschrift Ursprungsbetrag";"Auslagenersatz Ruecklastschrift";"Beguenstigter/Zahlungspflichtiger";"Kontonummer/IBAN";"BIC (SWIFT-Code)";"Betrag";"Waehrung";"Info"';
  const de = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`;
  const rows = bookings.map((b) =>
    [
      iban,
      de(b.bookingDate),
      de(b.valueDate),
      b.amountCents > 0 ? 'GUTSCHR. UEBERWEISUNG' : 'LASTSCHRIFT',
      b.reference,
      '',
      '',
      'NOTPROVIDED',
      '',
      '',
      '',
      b.counterpartyName,
      b.counterpartyIban,
      '',
      `${b.amountCents < 0 ? '-' : ''}${money(b.amountCents).replace('.', ',')}`,
      'EUR',
      'Umsatz gebucht',
    ]
      .map((c) => `"${c.replaceAll('"', '""')}"`)
      .join(';'),
  );
  const text = `${[head, ...rows].join('\r\n')}\r\n`;
  // ISO-8859-1: one byte per character (the test data stays within it)
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

/**
 * The house whose tenants the sample year's bookings are from, through the API: Anna Berg, Petra
 * Krause, Murat Yilmaz and Lena Fischer, each there for years, with prepayment and Kaltmiete.
 */
export async function bankHouse(api: Api) {
  const property = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, unitCount: 4 })).body;
  const tenancyIds: Record<string, string> = {};
  for (const [label, name, prepayment, rent] of [
    ['EG links', 'Anna Berg', 18_000, 60_000],
    ['EG rechts', 'Petra Krause', 14_000, 50_000],
    ['OG links', 'Murat Yilmaz', 21_000, 70_000],
    ['OG rechts', 'Lena Fischer', 13_000, 42_000],
  ] as const) {
    const unit = (await api('POST', `/api/properties/${property.id}/units`, { label, area: 50 })).body;
    const tenancy = await api('POST', `/api/units/${unit.id}/tenancies`, {
      tenant: { name, street: '', city: '' },
      start: null,
      persons: 1,
      monthlyPrepaymentCents: prepayment,
      monthlyRentCents: rent,
    });
    if (tenancy.status !== 201 || tenancy.body.monthlyRentCents !== rent)
      throw new Error(`tenancy ${name}: ${tenancy.status}`);
    tenancyIds[name] = tenancy.body.id;
  }
  return { propertyId: property.id, tenancyIds };
}

/**
 * Another bank's CSV: "direct" as a direct bank writes it (lines about the account above
 * the table, German column names, "1.234,56"), or "odd" with names no rule knows (comma-separated,
 * "1234.56", ISO dates), which the landlord maps once.
 */
export function otherBankCsv(bookings: Booking[], kind: 'direct' | 'odd', iban = LANDLORD_IBAN): Uint8Array {
  const german = (cents: number) =>
    `${cents < 0 ? '-' : ''}${money(cents)
      .replace(/\B(?=(\d{3})+\.)/g, '#')
      .replace('.', ',')
      .replaceAll('#', '.')}`;
  const de = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  const quote = (c: string) => `"${c.replaceAll('"', '""')}"`;
  if (kind === 'direct') {
    const lines = [
      'Umsatzanzeige;Datei erstellt am: 05.01.2026 10:12',
      `IBAN;${iban.replace(/(.{4})/g, '$1 ').trim()}`,
      'Kontoname;Girokonto',
      '',
      'Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Betrag;Währung',
      ...bookings.map((b) =>
        [
          de(b.bookingDate),
          de(b.valueDate),
          b.counterpartyName,
          b.amountCents > 0 ? 'Gutschrift' : 'Lastschrift',
          b.reference,
          german(b.amountCents),
          'EUR',
        ]
          .map(quote)
          .join(';'),
      ),
    ];
    return new TextEncoder().encode(lines.join('\r\n'));
  }
  const lines = [
    'Tag,Wert,Gegenseite,Konto der Gegenseite,Zweck,EUR',
    ...bookings.map((b) =>
      [
        b.bookingDate,
        b.valueDate,
        b.counterpartyName,
        b.counterpartyIban,
        b.reference,
        (b.amountCents / 100).toFixed(2),
      ]
        .map(quote)
        .join(','),
    ),
  ];
  return new TextEncoder().encode(lines.join('\n'));
}

const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const germanAmount = (cents: number) => money(cents).replace('.', ',');
const latin1 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

/**
 * The savings banks' older CSV-MT940 export, ISO-8859-1: the other party as "Kontonummer" and "BLZ".
 * `accounts: 'old'` writes the old account number and bank code (the IBAN is made from them), `'iban'`
 * the IBAN and BIC as newer exports do; the landlord's own account is an old number either way.
 * A booking with `reversal` is written as a "RUECKLASTSCHRIFT".
 */
export function csvMt940(bookings: Booking[], accounts: 'old' | 'iban' = 'old'): Uint8Array {
  const head =
    '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Beguenstigter/Zahlungspflichtiger";"Kontonummer";"BLZ";"Betrag";"Waehrung";"Info"';
  const de = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`;
  const rows = bookings.map((b) => {
    const iban = b.counterpartyIban;
    const [account, code] =
      iban === ''
        ? ['', '']
        : accounts === 'iban'
          ? [iban, 'COBADEFFXXX']
          : [iban.slice(12).replace(/^0+/, ''), iban.slice(4, 12)];
    return [
      LANDLORD_IBAN.slice(12).replace(/^0+/, ''),
      de(b.bookingDate),
      de(b.valueDate),
      b.reversal ? 'RUECKLASTSCHRIFT' : b.amountCents > 0 ? 'GUTSCHRIFT' : 'LASTSCHRIFT',
      b.reference,
      b.counterpartyName,
      account,
      code,
      `${b.amountCents < 0 ? '-' : ''}${germanAmount(b.amountCents)}`,
      'EUR',
      'Umsatz gebucht',
    ]
      .map((c) => `"${c.replaceAll('"', '""')}"`)
      .join(';');
  });
  return latin1(`${[head, ...rows].join('\r\n')}\r\n`);
}

/** `count` bookings: the sample year's, repeated over the days with amounts a cent apart. */
export function manyBookings(count: number): Booking[] {
  const year = sampleYear();
  return Array.from({ length: count }, (_, i) => {
    const b = year[i % year.length] as Booking;
    return { ...b, amountCents: b.amountCents + Math.sign(b.amountCents) * Math.floor(i / year.length) };
  });
}

/** How the landlord maps the columns of `otherBankCsv(…, 'odd')`. */
export const ODD_MAPPING = {
  bookingDate: 'Tag',
  valueDate: 'Wert',
  amount: 'EUR',
  name: 'Gegenseite',
  iban: 'Konto der Gegenseite',
  purpose: 'Zweck',
};

/** How the landlord maps the columns of `headerlessCsv`. */
export const HEADERLESS_MAPPING = {
  bookingDate: 'Spalte 1',
  valueDate: 'Spalte 2',
  name: 'Spalte 3',
  iban: 'Spalte 4',
  purpose: 'Spalte 5',
  amount: 'Spalte 6',
};

/** A CSV without a header row: day, value day, name, IBAN, purpose, signed amount. */
export function headerlessCsv(bookings: Booking[]): Uint8Array {
  const rows = bookings.map((b) =>
    [
      germanDate(b.bookingDate),
      germanDate(b.valueDate),
      b.counterpartyName,
      b.counterpartyIban,
      b.reference,
      `${b.amountCents < 0 ? '-' : ''}${germanAmount(b.amountCents)}`,
    ].join(';'),
  );
  return new TextEncoder().encode(`${rows.join('\n')}\n`);
}

/**
 * A cooperative bank's CSV with the direction apart from the amount: `'mark'` an unsigned "Umsatz"
 * followed by an unnamed column of "S" (Soll) or "H" (Haben); `'columns'` separate "Soll" and "Haben"
 * columns, one of them empty.
 */
export function sollHabenCsv(bookings: Booking[], kind: 'mark' | 'columns'): Uint8Array {
  const quote = (c: string) => `"${c.replaceAll('"', '""')}"`;
  const head =
    kind === 'mark'
      ? [
          'Buchungstag',
          'Valuta',
          'Auftraggeber/Zahlungsempfänger',
          'IBAN',
          'Vorgang/Verwendungszweck',
          'Währung',
          'Umsatz',
          ' ',
        ]
      : ['Buchungstag', 'Wertstellung', 'Name', 'IBAN', 'Verwendungszweck', 'Soll', 'Haben'];
  const rows = bookings.map((b) => {
    const common = [
      germanDate(b.bookingDate),
      germanDate(b.valueDate),
      b.counterpartyName,
      b.counterpartyIban,
      b.reference,
    ];
    const amount = germanAmount(b.amountCents);
    const tail =
      kind === 'mark'
        ? ['EUR', amount, b.amountCents < 0 ? 'S' : 'H']
        : b.amountCents < 0
          ? [`-${amount}`, '']
          : ['', amount];
    return [...common, ...tail].map(quote).join(';');
  });
  return new TextEncoder().encode([head.map(quote).join(';'), ...rows].join('\r\n'));
}
