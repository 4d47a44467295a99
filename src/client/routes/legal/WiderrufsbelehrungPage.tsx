import { LegalPage, LegalSection, MailLink, OperatorAddress } from './LegalPage';
import { useOperator } from './siteInfo';

/** Statutory withdrawal period in days (spec §9). */
export const WITHDRAWAL_DAYS = 14;

export function WiderrufsbelehrungPage() {
  const operator = useOperator();
  return (
    <LegalPage title="Widerrufsbelehrung">
      <LegalSection title="Widerrufsrecht">
        <p>
          Sie haben das Recht, binnen {WITHDRAWAL_DAYS} Tagen ohne Angabe von Gründen diesen Vertrag zu
          widerrufen. Die Widerrufsfrist beträgt {WITHDRAWAL_DAYS} Tage ab dem Tag des Vertragsabschlusses.
        </p>
        <p>Um Ihr Widerrufsrecht auszuüben, müssen Sie uns</p>
        <OperatorAddress operator={operator} contact />
        <p>
          mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über
          Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das unten stehende
          Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.
        </p>
        <p>
          Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des
          Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.
        </p>
      </LegalSection>

      <LegalSection title="Folgen des Widerrufs">
        <p>
          Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten
          haben, unverzüglich und spätestens binnen {WITHDRAWAL_DAYS} Tagen ab dem Tag zurückzuzahlen, an dem
          die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung
          verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben,
          es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen
          wegen dieser Rückzahlung Entgelte berechnet.
        </p>
      </LegalSection>

      <LegalSection title="Vorzeitiges Erlöschen des Widerrufsrechts">
        <p>
          Bei einem Vertrag über die Bereitstellung von digitalen Inhalten, die sich nicht auf einem
          körperlichen Datenträger befinden, erlischt das Widerrufsrecht, wenn wir mit der Vertragserfüllung
          begonnen haben, nachdem Sie ausdrücklich zugestimmt haben, dass wir vor Ablauf der Widerrufsfrist
          mit der Vertragserfüllung beginnen, Sie Ihre Kenntnis davon bestätigt haben, dass Sie durch Ihre
          Zustimmung mit Beginn der Vertragserfüllung Ihr Widerrufsrecht verlieren, und wir Ihnen eine
          Bestätigung des Vertrags zur Verfügung gestellt haben (§ 356 Abs. 5 BGB). Bei Umlage beginnt die
          Vertragserfüllung, sobald Sie einen gekauften Credit für eine finale Abrechnung einlösen.
        </p>
      </LegalSection>

      <LegalSection title="Muster-Widerrufsformular">
        <p>
          (Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es
          zurück.)
        </p>
        <div className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-5">
          <p>
            An: {operator.name}, {operator.address}, E-Mail: <MailLink address={operator.email} />
          </p>
          <p>
            Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der
            folgenden Waren (*) / die Erbringung der folgenden Dienstleistung (*)
          </p>
          <p>Bestellt am (*) / erhalten am (*)</p>
          <p>Name des/der Verbraucher(s)</p>
          <p>Anschrift des/der Verbraucher(s)</p>
          <p>Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)</p>
          <p>Datum</p>
          <p className="text-sm text-slate-600">(*) Unzutreffendes streichen.</p>
        </div>
      </LegalSection>
    </LegalPage>
  );
}
