import type { ReactNode } from 'react';
import { formatCents, formatNumberDe, formatQuantity } from '../../../../shared/money';
import type { HeatingKey } from '../../../../shared/vocabulary';
import { cx } from '../../../components/ui/cx';
import { type Figures, inUnitOrder } from './figures';

type HeatingFigures = Pick<Figures, 'heatingWorking' | 'co2' | 'statements' | 'landlord' | 'units'>;

function Row({ label, value, total }: { label: ReactNode; value: string; total?: boolean }) {
  return (
    <div
      className={cx(
        'flex flex-wrap items-baseline justify-between gap-x-3',
        total && 'mt-1 border-t border-slate-200 pt-1',
      )}
    >
      <dt className="text-slate-700">{label}</dt>
      <dd className="ml-auto font-semibold whitespace-nowrap tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

const percent = (value: number, decimals: number) => `${formatNumberDe(value, decimals)} %`;

/**
 * The working of heating and CO2: fuel consumed, the hot-water share, each tenant's heating, hot water
 * and CO2 rows, and the §7(3) CO2KostAufG figures. Shown live for a draft and as stored once final.
 */
export function HeatingWorking({ figures }: { figures: HeatingFigures }) {
  const working = figures.heatingWorking;
  if (!working) return null;
  const { co2 } = figures;
  const potOf = (key: HeatingKey) => figures.landlord.rows.find((r) => r.key === key);
  const heating = potOf('heating');
  const hotWater = potOf('hot-water');
  const fuel = working.fuel;
  const statements = inUnitOrder(
    figures.statements,
    figures.units.map((u) => u.unitId),
  );
  const share = (s: (typeof statements)[number], key: HeatingKey) =>
    s.rows.find((r) => r.key === key)?.shareCents ?? 0;

  return (
    <section
      aria-labelledby="heating-working"
      className="rounded-lg border border-slate-200 p-4"
      data-testid="heating-working"
    >
      <h3 id="heating-working" className="font-semibold text-slate-900">
        Heizung, Warmwasser und CO2: Rechenweg
      </h3>
      <div className="mt-2 grid gap-6 text-sm md:grid-cols-2">
        <dl className="flex flex-col gap-1" aria-label="Kosten der Heizung">
          {fuel && (
            <>
              <Row
                label={
                  <>
                    Brennstoff verbraucht
                    <span className="block text-slate-600">
                      Menge {formatQuantity(fuel.quantity)} {fuel.unit} · {formatQuantity(fuel.kwh)} kWh
                      (Bestand zuerst, dann Lieferungen nach Datum)
                    </span>
                  </>
                }
                value={formatCents(fuel.valueCents)}
              />
              <Row label="Betriebskosten der Heizung" value={formatCents(working.operatingCents)} />
            </>
          )}
          {fuel && working.hotWaterKwh !== null && (
            <Row
              label={`Wärme für Warmwasser: ${formatQuantity(working.hotWaterKwh)} kWh`}
              value={fuel.kwh > 0 ? percent((working.hotWaterKwh / fuel.kwh) * 100, 2) : '–'}
            />
          )}
          {heating && <Row label="Heizkosten" value={formatCents(heating.amountCents)} total={!!fuel} />}
          {hotWater && <Row label="Warmwasserkosten" value={formatCents(hotWater.amountCents)} />}
          {heating && heating.vacancyCents + heating.unmeteredCents + heating.ownUseCents > 0 && (
            <Row
              label="davon Vermieter (Leerstand, Eigennutzung)"
              value={formatCents(
                heating.vacancyCents +
                  heating.unmeteredCents +
                  heating.ownUseCents +
                  (hotWater ? hotWater.vacancyCents + hotWater.unmeteredCents + hotWater.ownUseCents : 0),
              )}
            />
          )}
        </dl>
        {co2 ? (
          <div className="flex flex-col gap-2">
            <dl className="flex flex-col gap-1" aria-label="CO2-Aufteilung" data-testid="co2-figures">
              <Row label="Emissionen" value={`${formatQuantity(co2.kg)} kg CO2`} />
              <Row label="Wohnfläche" value={`${formatQuantity(co2.areaM2)} m²`} />
              <Row label="CO2 je m² und Jahr" value={`${formatNumberDe(co2.kgPerM2, 1)} kg`} />
              <Row label="Einstufung" value={co2.step === null ? 'Nichtwohngebäude' : `Stufe ${co2.step}`} />
              <Row
                label="Anteil Vermieter"
                value={percent(co2.landlordPercent, co2.landlordPercent % 1 ? 1 : 0)}
              />
              <Row label="CO2-Kosten" value={formatCents(co2.costCents)} total />
              <Row label="davon Mieter" value={formatCents(co2.tenantCents)} />
              <Row label="davon Vermieter" value={formatCents(co2.landlordCents)} />
            </dl>
            {co2.alreadyDeducted && (
              <p className="text-slate-600">
                Der Messdienst hat den Anteil des Vermieters schon abgezogen; Umlage zieht ihn nicht noch
                einmal ab.
              </p>
            )}
          </div>
        ) : (
          <p className="text-amber-800">
            Keine CO2-Aufteilung: Ohne kg CO2 und CO2-Kosten darf der Mieter seine Heizkosten um 3 % kürzen.
          </p>
        )}
      </div>
      <ul aria-label="Heizkosten je Mieter" className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        {statements.map((s) => (
          <li key={s.tenancyId} aria-label={s.tenantName} className="rounded-md bg-slate-50 p-3">
            <p className="font-medium text-slate-900">{s.tenantName}</p>
            <dl className="mt-1 flex flex-col gap-1">
              <Row label="Heizkosten" value={formatCents(share(s, 'heating'))} />
              {hotWater && <Row label="Warmwasserkosten" value={formatCents(share(s, 'hot-water'))} />}
              {s.co2 && (
                <>
                  <Row label="CO2-Kosten im Anteil" value={formatCents(s.co2.costCents)} />
                  {s.co2.alreadyDeducted ? (
                    <Row label="davon Vermieter (schon abgezogen)" value={formatCents(s.co2.landlordCents)} />
                  ) : (
                    <Row label="davon Vermieter" value={`− ${formatCents(s.co2.landlordCents)}`} />
                  )}
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
