import { describe, expect, it } from 'vitest';
import { letterSchema } from '../schemas/settlement';
import { type ReminderLetterSource, reminderLetterView } from './reminder-letter';

const month = (m: string, dueCents: number, openCents: number) => ({
  month: m,
  dueDate: `${m}-03`,
  dueCents,
  openCents,
  interestCents: 0,
});

const source = (over: Partial<ReminderLetterSource> = {}): ReminderLetterSource => ({
  level: 1,
  letter: letterSchema.parse({
    landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
    bank: { holder: '', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank: 'Commerzbank' },
  }),
  tenant: { name: 'Frau Anna Berg', street: 'Lindenallee 7', city: '12345 Musterstadt' },
  rented: 'Lindenallee 7, 12345 Musterstadt (EG links)',
  months: [month('2026-09', 90_000, 30_000), month('2026-10', 90_000, 90_000)],
  openCents: 120_000,
  interestCents: 812,
  interestUntil: '2026-11-20',
  feeCents: 0,
  commercial: false,
  asOf: '2026-11-20',
  today: '2026-11-28',
  payBy: '2026-12-12',
  ...over,
});

describe('a reminder’s letter', () => {
  it('lists each open month (a part payment as the rest), the interest and the total to pay, bold', () => {
    const view = reminderLetterView(source());
    expect(view.subject).toBe('Zahlungserinnerung: Miete Sep. 2026, Okt. 2026');
    expect(view.greeting).toBe('Sehr geehrte Frau Berg,');
    expect(view.figures).toEqual([
      ['Miete Sep. 2026, Rest (fällig 03.09.2026)', '300,00 €'],
      ['Miete Okt. 2026 (fällig 03.10.2026)', '900,00 €'],
      ['Verzugszinsen bis 20.11.2026', '8,12 €'],
      ['Zu zahlen', '1.208,12 €'],
    ]);
    expect(view.strongFigure).toBe(3);
    expect(view.paragraphs.join(' ')).toContain('fünf Prozentpunkten über dem Basiszinssatz');
    expect(view.effective).toContain('bis zum 12.12.2026');
    expect(view.girocode).toEqual({
      amountCents: 120_812,
      text: 'Zahlungserinnerung vom 28.11.2026 - Frau Anna Berg',
      caption: 'GiroCode: 1.208,12 € mit der Banking-App überweisen.',
    });
  });

  it('says more with each level, adds only the fee the landlord set, and nine points for a business', () => {
    const last = reminderLetterView(source({ level: 3, feeCents: 250, commercial: true }));
    expect(last.subject.startsWith('Letzte Mahnung:')).toBe(true);
    expect(last.figures.at(-2)).toEqual(['Mahnkosten', '2,50 €']);
    expect(last.figures.at(-1)).toEqual(['Zu zahlen', '1.210,62 €']);
    expect(last.paragraphs.join(' ')).toContain('neun Prozentpunkten');
    expect(last.effective).toContain('weitere rechtliche Schritte');
    const second = reminderLetterView(source({ level: 2 }));
    expect(second.paragraphs[0]).toContain('Verzug (§ 286 Abs. 2 Nr. 1 BGB)');
  });

  it('names a long list of months by its first and last, and prints no GiroCode without an account', () => {
    const months = ['2026-04', '2026-05', '2026-06', '2026-07'].map((m) => month(m, 90_000, 90_000));
    const view = reminderLetterView(source({ months, openCents: 360_000, letter: null }));
    expect(view.subject).toBe('Zahlungserinnerung: offene Mieten Apr. 2026 bis Juli 2026');
    expect(view.girocode).toBeNull();
    expect(view.effective).not.toContain('Konto');
  });
});
