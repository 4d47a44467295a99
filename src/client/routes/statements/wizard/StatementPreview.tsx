import type { ReactNode } from 'react';
import { formatCents } from '../../../../shared/money';
import type { StatementView } from '../../../../shared/print-model';
import { A4Sheet } from './A4Sheet';

// DIN 5008 form B (window envelope): the address field starts 45 mm from the top and 20 mm from the
// left (its text 5 mm further in, flush with the body at 25 mm), the information block at 125 mm,
// the body (subject) below the field; fold marks at 105 mm and 210 mm, the punch mark at 148.5 mm.

function Marks() {
  return (
    <>
      <span aria-hidden="true" className="absolute top-[105mm] left-0 w-[5mm] border-t border-slate-400" />
      <span aria-hidden="true" className="absolute top-[148.5mm] left-0 w-[7mm] border-t border-slate-400" />
      <span aria-hidden="true" className="absolute top-[210mm] left-0 w-[5mm] border-t border-slate-400" />
    </>
  );
}

function PageFooter({ view, page }: { view: StatementView; page: 1 | 2 }) {
  const bank = view.bankDetails;
  return (
    <footer className="absolute right-[20mm] bottom-[10mm] left-[25mm] flex items-end justify-between gap-4 border-t border-slate-300 pt-[2mm] text-[7.5pt] text-slate-700">
      <div>
        {bank && (
          <p data-testid="preview-bank">
            Bankverbindung: {[bank.holder, bank.bank].filter(Boolean).join(', ')}
            {bank.holder || bank.bank ? ' · ' : ''}IBAN {bank.iban}
            {bank.bic && ` · BIC ${bank.bic}`}
          </p>
        )}
      </div>
      <p className="shrink-0">Seite {page} von 2</p>
    </footer>
  );
}

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: ReactNode;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <tr className={strong ? 'border-t border-black font-bold' : undefined}>
      <td className="py-[1mm] pr-[4mm]">{label}</td>
      <td className="py-[1mm] text-right tabular-nums whitespace-nowrap" data-testid={testId}>
        {value}
      </td>
    </tr>
  );
}

/** Page 1: the letter with the overview, payment request, legal notice and signature. */
function OverviewPage({ view }: { view: StatementView }) {
  const p = view.prepayment;
  return (
    <A4Sheet label="Seite 1: Übersicht">
      <Marks />
      <header className="absolute top-[15mm] right-[20mm] text-right text-[9pt]">
        {view.landlord.name && <p className="font-bold">{view.landlord.name}</p>}
        {view.landlord.street && <p>{view.landlord.street}</p>}
        {view.landlord.city && <p>{view.landlord.city}</p>}
      </header>

      <section aria-label="Anschrift" className="absolute top-[45mm] left-[20mm] h-[45mm] w-[85mm] pl-[5mm]">
        <p className="flex h-[17.7mm] items-end pb-[1mm] text-[7pt] text-slate-700">
          <span className="underline">{view.senderLine}</span>
        </p>
        <div className="pt-[1mm]" data-testid="preview-recipient">
          {view.tenant.name && <p>{view.tenant.name}</p>}
          {view.tenant.street && <p>{view.tenant.street}</p>}
          {view.tenant.city && <p>{view.tenant.city}</p>}
        </div>
      </section>

      <dl className="absolute top-[50mm] left-[125mm] grid w-[65mm] grid-cols-[auto_1fr] gap-x-[3mm] gap-y-[1mm] text-[8.5pt]">
        <dt className="text-slate-700">Datum</dt>
        <dd>{view.letterDate}</dd>
        {view.period.label && (
          <>
            <dt className="text-slate-700">Zeitraum</dt>
            <dd>{view.period.label}</dd>
          </>
        )}
        {view.property.addressLine && (
          <>
            <dt className="text-slate-700">Objekt</dt>
            <dd>{view.property.addressLine}</dd>
          </>
        )}
      </dl>

      <div className="px-[20mm] pt-[98.5mm] pb-[25mm] pl-[25mm]">
        <h3 className="text-[11pt] font-bold">{view.subject}</h3>
        {view.greeting && <p className="mt-[5mm] whitespace-pre-line">{view.greeting}</p>}

        <table className="mt-[5mm] w-full border-collapse">
          <caption className="mb-[1mm] text-left font-bold">Übersicht</caption>
          <tbody>
            <Row
              label="Gesamtkosten der Liegenschaft"
              value={formatCents(view.totalCostsCents)}
              testId="preview-total-costs"
            />
            <Row
              label="Ihr Anteil an den Kosten"
              value={formatCents(view.tenantTotalCents)}
              testId="preview-tenant-share"
            />
            <Row
              label={`abzüglich Ihrer Vorauszahlungen (${p.months} × ${formatCents(p.monthlyCents)})`}
              value={formatCents(view.prepaymentCents)}
              testId="preview-prepayments"
            />
            <Row
              label={view.resultLabel}
              value={formatCents(view.resultAmountCents)}
              testId="preview-result"
              strong
            />
          </tbody>
        </table>
        <p className="mt-[3mm]" data-testid="preview-result-text">
          {view.resultText}
        </p>

        {view.paymentRequest && (
          <div className="mt-[4mm]" data-testid="preview-payment">
            <p>{view.paymentRequest.instruction}</p>
            <dl className="mt-[1mm] grid grid-cols-[auto_1fr] gap-x-[4mm] pl-[5mm]">
              {view.paymentRequest.holder && (
                <>
                  <dt>Kontoinhaber</dt>
                  <dd>{view.paymentRequest.holder}</dd>
                </>
              )}
              <dt>IBAN</dt>
              <dd>{view.paymentRequest.iban}</dd>
              {view.paymentRequest.bic && (
                <>
                  <dt>BIC</dt>
                  <dd>{view.paymentRequest.bic}</dd>
                </>
              )}
              {view.paymentRequest.bank && (
                <>
                  <dt>Bank</dt>
                  <dd>{view.paymentRequest.bank}</dd>
                </>
              )}
              <dt>Verwendungszweck</dt>
              <dd>{view.paymentRequest.reference}</dd>
            </dl>
          </div>
        )}

        <p className="mt-[4mm]">Die Aufstellung der einzelnen Kosten finden Sie auf Seite 2.</p>

        <section className="mt-[4mm] text-[8pt]" aria-label={view.legalNotice.title}>
          <h4 className="font-bold">{view.legalNotice.title}</h4>
          {view.legalNotice.paragraphs.map((text) => (
            <p key={text} className="mt-[1mm]">
              {text}
            </p>
          ))}
        </section>

        <p className="mt-[6mm]">{view.closing}</p>
        {view.includeSignature && (
          <div className="mt-[12mm] w-[60mm] border-t border-black pt-[1mm]" data-testid="preview-signature">
            {view.signatureName}
          </div>
        )}
      </div>
      <PageFooter view={view} page={1} />
    </A4Sheet>
  );
}

/** Page 2: the cost table with key, units, share in percent and in euros, and the result. */
function DetailsPage({ view }: { view: StatementView }) {
  const property = view.property;
  const facts = [
    ['Objekt', property.addressLine],
    ['Objektart', property.typeLabel],
    ['Lage', property.floor],
    ['Wohnfläche', property.area],
    ['Nutzung', property.usage],
  ].filter(([, value]) => value);
  return (
    <A4Sheet label="Seite 2: Details">
      <Marks />
      <div className="px-[20mm] pt-[20mm] pb-[25mm] pl-[25mm]">
        <h3 className="text-[12pt] font-bold">Aufstellung der Betriebskosten</h3>
        <p className="mt-[1mm]">
          {view.tenant.name && `Mieter: ${view.tenant.name}`}
          {view.tenant.name && view.period.label && ' · '}
          {view.period.label && `Zeitraum: ${view.period.label}`}
        </p>

        <div className="mt-[5mm] grid grid-cols-2 gap-[6mm] text-[9pt]">
          <dl className="grid grid-cols-[auto_1fr] gap-x-[3mm] gap-y-[0.5mm]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-700">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <dl className="grid grid-cols-[auto_1fr] gap-x-[3mm] gap-y-[0.5mm]">
            <dt className="text-slate-700">Tage im Jahr</dt>
            <dd data-testid="preview-days-year">{view.daysInYear}</dd>
            <dt className="text-slate-700">Tage im Zeitraum</dt>
            <dd data-testid="preview-days-period">{view.daysInPeriod}</dd>
            <dt className="text-slate-700">Monate im Zeitraum</dt>
            <dd data-testid="preview-months-period">{view.monthsInPeriod}</dd>
          </dl>
        </div>

        <table className="mt-[6mm] w-full border-collapse text-[8.5pt]">
          <thead>
            <tr className="border-b border-black text-left align-bottom">
              <th className="py-[1mm] pr-[2mm]">Kostenart</th>
              <th className="py-[1mm] pr-[2mm]">Umlageschlüssel</th>
              <th className="py-[1mm] pr-[2mm] text-right">Gesamtkosten</th>
              <th className="py-[1mm] pr-[2mm] text-right">Einheiten gesamt</th>
              <th className="py-[1mm] pr-[2mm] text-right">Ihre Einheiten</th>
              <th className="py-[1mm] pr-[2mm] text-right">Anteil %</th>
              <th className="py-[1mm] text-right">Ihr Betrag</th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row, index) => (
              <tr key={row.id} className="border-b border-slate-300 align-top" data-testid="preview-row">
                <td className="py-[1mm] pr-[2mm]">{row.name || `Position ${index + 1}`}</td>
                <td className="py-[1mm] pr-[2mm]">{row.keyLabel}</td>
                <td className="py-[1mm] pr-[2mm] text-right tabular-nums whitespace-nowrap">
                  {row.amountText}
                </td>
                <td className="py-[1mm] pr-[2mm] text-right tabular-nums whitespace-nowrap">
                  {row.totalUnits}
                </td>
                <td className="py-[1mm] pr-[2mm] text-right tabular-nums whitespace-nowrap">
                  {row.tenantUnits}
                </td>
                <td className="py-[1mm] pr-[2mm] text-right tabular-nums whitespace-nowrap">{row.percent}</td>
                <td className="py-[1mm] text-right tabular-nums whitespace-nowrap">{row.shareText}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-black font-bold">
              <td className="py-[1mm] pr-[2mm]" colSpan={2}>
                Summe
              </td>
              <td
                className="py-[1mm] pr-[2mm] text-right tabular-nums whitespace-nowrap"
                data-testid="preview-sum-costs"
              >
                {formatCents(view.totalCostsCents)}
              </td>
              <td colSpan={3} />
              <td
                className="py-[1mm] text-right tabular-nums whitespace-nowrap"
                data-testid="preview-sum-share"
              >
                {formatCents(view.tenantTotalCents)}
              </td>
            </tr>
          </tfoot>
        </table>

        <table className="mt-[6mm] ml-auto w-[95mm] border-collapse">
          <caption className="mb-[1mm] text-left font-bold">Ergebnis</caption>
          <tbody>
            <Row label="Ihr Anteil an den Kosten" value={formatCents(view.tenantTotalCents)} />
            <Row
              label={`Vorauszahlungen (${view.prepayment.months} × ${formatCents(view.prepayment.monthlyCents)})`}
              value={`− ${formatCents(view.prepaymentCents)}`}
            />
            <Row label={view.resultLabel} value={formatCents(view.resultAmountCents)} strong />
          </tbody>
        </table>
      </div>
      <PageFooter view={view} page={2} />
    </A4Sheet>
  );
}

/** The two-page A4 preview (spec §2 step 3); every figure comes from `computeStatement`. */
export function StatementPreview({ view, page }: { view: StatementView; page: 1 | 2 }) {
  return page === 1 ? <OverviewPage view={view} /> : <DetailsPage view={view} />;
}
