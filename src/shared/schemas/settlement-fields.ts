// The messages and fields the Hausabrechnung's schemas share (ADR 0014): amounts are integer cents,
// dates ISO, quantities (m², MEA, consumption) numbers with up to three decimals.

import { MAX_CENTS } from '../money';
import { PERIOD_END_BEFORE_START } from './messages';
import { z } from './zod';

export const SETTLEMENT_MESSAGES = {
  labelRequired: 'Bitte geben Sie eine Bezeichnung ein (z. B. „EG links“).',
  areaRequired: 'Bitte geben Sie die Wohnfläche ein.',
  notNegative: 'Der Wert darf nicht negativ sein.',
  meaPositive: 'Der Miteigentumsanteil muss größer als 0 sein.',
  tenantRequired: 'Bitte geben Sie den Namen des Mieters ein.',
  ownUseNameRequired: 'Bitte geben Sie an, wer die Einheit selbst nutzt (z. B. Ihren Namen).',
  startRequired: 'Bitte geben Sie den Beginn ein.',
  endBeforeStart: PERIOD_END_BEFORE_START,
  persons: 'Bitte geben Sie eine ganze Zahl von 0 bis 99 ein.',
  cents: 'Bitte geben Sie einen Betrag in Cent als ganze Zahl ab 0 ein.',
  changeOutside: 'Die Änderung muss innerhalb des Mietverhältnisses liegen.',
  periodRequired: 'Bitte geben Sie den Abrechnungszeitraum ein.',
  periodTooLong: 'Der Abrechnungszeitraum darf höchstens 12 Monate umfassen (§ 556 Abs. 3 BGB).',
  costName: 'Bitte geben Sie die Kostenart ein.',
  operatingPot: 'Bitte wählen Sie, zu welchen Kosten die Position gehört.',
  statementDate: 'Bitte geben Sie das Datum der Abrechnung des Messdienstes als gültiges Datum an.',
  consumptionRequired: 'Beim Schlüssel Verbrauch bitte den Gesamtverbrauch angeben.',
  directRequired: 'Beim Schlüssel Direkt bitte das Mietverhältnis wählen.',
  tooManyCosts: 'Höchstens 100 Kostenpositionen.',
  heatingMode:
    'Bitte wählen Sie, ob die Heizkosten aus der Abrechnung des Messdienstes übernommen oder hier berechnet werden.',
  serviceRequired: 'Bitte geben Sie die Heizkostenabrechnung des Messdienstes ein.',
  computedRequired: 'Bitte geben Sie Brennstoff, Betriebskosten und Ablesewerte ein.',
  fuelKind: 'Bitte wählen Sie den Brennstoff.',
  consumptionPercent: 'Der Verbrauchsanteil muss zwischen 50 und 70 % liegen (§§ 7, 8 HeizkostenV).',
  hotWaterMethod: 'Bitte wählen Sie, wie die Wärmemenge für Warmwasser bestimmt wird.',
  hotWaterKwh: 'Bitte geben Sie die vom Wärmezähler gemessene Wärmemenge für Warmwasser ein.',
  hotWaterTemperature: 'Bitte geben Sie die mittlere Warmwassertemperatur ein (z. B. 60 °C).',
  co2Restriction: 'Bitte wählen Sie, ob öffentlich-rechtliche Beschränkungen bestehen.',
  deliveryDate: 'Bitte geben Sie das Lieferdatum ein.',
  tooManyDeliveries: 'Höchstens 100 Lieferungen.',
  tooManyOperatingCosts: 'Höchstens 50 Betriebskosten der Heizung.',
  tooManyAllocators: 'Höchstens 50 Heizkostenverteiler je Mietverhältnis.',
  tooManyEstimated: 'Höchstens 500 geschätzte Ablesewerte.',
  labourCategory:
    'Bitte wählen Sie, ob es eine haushaltsnahe Dienstleistung oder eine Handwerkerleistung ist.',
  labourOne: 'Bitte geben Sie den Arbeitskostenanteil entweder als Betrag oder in Prozent an.',
  labourPercent: 'Bitte geben Sie einen Prozentsatz von 0 bis 100 mit höchstens zwei Nachkommastellen ein.',
  labourAboveAmount: 'Der Arbeitskostenanteil darf nicht höher sein als der Betrag der Position.',
  labourOnCredit: 'Eine Gutschrift hat keinen Arbeitskostenanteil nach § 35a EStG.',
  signedCents: 'Bitte geben Sie einen Betrag in Cent als ganze Zahl ein (negativ für eine Gutschrift).',
  unitKind: 'Bitte wählen Sie, ob die Einheit eine Wohnung, ein Gewerbe oder ein Stellplatz ist.',
  flatRateOwnUse: 'Eine Betriebskostenpauschale gibt es nur bei einem vermieteten Mietverhältnis.',
  groupOrUnits: 'Bitte geben Sie entweder eine Gruppe oder die Einheiten an, nicht beides.',
  groupUnits: 'Bitte wählen Sie mindestens eine Einheit.',
  groupName: 'Bitte geben Sie der Gruppe einen Namen (z. B. „Aufzug“).',
  creditAboveCosts: (key: string) =>
    `Die Gutschriften beim Schlüssel „${key}“ übersteigen die Kosten mit diesem Schlüssel.`,
} as const;

export const cents = z
  .number({ error: SETTLEMENT_MESSAGES.cents })
  .int(SETTLEMENT_MESSAGES.cents)
  .min(0, SETTLEMENT_MESSAGES.cents)
  .max(MAX_CENTS, 'Der Betrag ist zu groß.');

/** A cost's amount: negative for a credit note (a refund or credit of the period). */
export const signedCents = z
  .number({ error: SETTLEMENT_MESSAGES.signedCents })
  .int(SETTLEMENT_MESSAGES.signedCents)
  .min(-MAX_CENTS, 'Der Betrag ist zu groß.')
  .max(MAX_CENTS, 'Der Betrag ist zu groß.');

export const persons = z
  .number({ error: SETTLEMENT_MESSAGES.persons })
  .int(SETTLEMENT_MESSAGES.persons)
  .min(0, SETTLEMENT_MESSAGES.persons)
  .max(99, SETTLEMENT_MESSAGES.persons);

export const uuid = z.uuid('Ungültige Kennung.');

export const notNegative = { value: 0, message: SETTLEMENT_MESSAGES.notNegative };
