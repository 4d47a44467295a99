import { Link } from 'react-router';
import { CREDIT_PACKAGES } from '../../../shared/catalog';
import { formatCents } from '../../../shared/money';
import { LegalList, LegalPage, LegalSection, legalLinkClasses, OperatorAddress } from './LegalPage';
import { useOperator } from './siteInfo';

const credits = (n: number) => (n === 1 ? '1 Credit' : `${n} Credits`);

export function AgbPage() {
  const operator = useOperator();
  return (
    <LegalPage title="Allgemeine Geschäftsbedingungen">
      <LegalSection title="§ 1 Geltungsbereich und Anbieter">
        <p>
          Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Verträge über die Nutzung der
          Web-Anwendung „Umlage“ zwischen dem Anbieter
        </p>
        <OperatorAddress operator={operator} />
        <p>
          und ihren Nutzerinnen und Nutzern, gleich ob Verbraucher (§ 13 BGB) oder Unternehmer (§ 14 BGB).
          Abweichende Bedingungen der Nutzer gelten nur, wenn wir ihnen ausdrücklich zustimmen.
        </p>
      </LegalSection>

      <LegalSection title="§ 2 Leistungen">
        <p>
          Umlage ist eine Software zum Erstellen von Betriebskostenabrechnungen (Nebenkostenabrechnungen) für
          vermietete Wohn- und Gewerbeeinheiten sowie zur Verwaltung von Immobilien und Belegen. Die Anwendung
          berechnet die Anteile der Mieter anhand der eingegebenen Kosten, Umlageschlüssel und Vorauszahlungen
          und erzeugt daraus eine zweiseitige Abrechnung im PDF-Format.
        </p>
        <p>
          Die Vorschau einer Abrechnung (mit dem Wasserzeichen „VORSCHAU“) ist kostenlos. Für jede finale
          Abrechnung ohne Wasserzeichen wird ein Credit verbraucht.
        </p>
        <p>
          Die Berechnung beruht ausschließlich auf Ihren Eingaben. Sie sind dafür verantwortlich, dass die
          eingegebenen Beträge richtig sind und die abgerechneten Kosten nach Ihrem Mietvertrag und der
          Betriebskostenverordnung auf die Mieter umgelegt werden dürfen. Umlage erbringt keine Rechts- oder
          Steuerberatung.
        </p>
      </LegalSection>

      <LegalSection title="§ 3 Registrierung und Nutzerkonto">
        <p>
          Zum Speichern von Abrechnungen und zum Kauf von Credits ist ein kostenloses Nutzerkonto
          erforderlich. Ihre Angaben bei der Registrierung müssen zutreffen. Halten Sie Ihr Passwort geheim
          und informieren Sie uns, wenn Sie einen Missbrauch Ihres Kontos vermuten. Sie können Ihr Konto
          jederzeit auflösen.
        </p>
      </LegalSection>

      <LegalSection title="§ 4 Credits und Preise">
        <p>Credits werden in Paketen gekauft. Ein Credit entspricht einer finalen Abrechnung. Es gelten:</p>
        <LegalList>
          {CREDIT_PACKAGES.map((pkg) => (
            <li key={pkg.id}>
              {pkg.name}: {credits(pkg.credits)} für {formatCents(pkg.priceCents)}
            </li>
          ))}
        </LegalList>
        <p>
          Alle Preise sind Endpreise in Euro und enthalten die gesetzliche Umsatzsteuer. Es gibt kein
          Abonnement: Jeder Kauf ist eine einmalige Zahlung ohne Laufzeit, ohne automatische Verlängerung und
          ohne Kündigung. Gekaufte Credits werden nach Zahlungseingang Ihrem Konto gutgeschrieben, sind nicht
          übertragbar und werden nicht in Geld ausgezahlt, soweit nicht ein Widerruf (§ 6) etwas anderes
          ergibt. Credits verfallen nicht, solange Ihr Nutzerkonto besteht.
        </p>
      </LegalSection>

      <LegalSection title="§ 5 Vertragsschluss und Zahlung">
        <p>
          Die Darstellung der Pakete auf unserer Website ist kein bindendes Angebot. Mit dem Klick auf die
          Schaltfläche zur Zahlung geben Sie ein verbindliches Angebot zum Kauf des gewählten Pakets ab. Der
          Vertrag kommt zustande, wenn wir die Credits Ihrem Konto gutschreiben. Die Zahlung wird über unseren
          Zahlungsdienstleister Stripe abgewickelt und ist sofort fällig.
        </p>
      </LegalSection>

      <LegalSection title="§ 6 Widerrufsrecht">
        <p>
          Verbrauchern steht ein gesetzliches Widerrufsrecht zu. Einzelheiten, auch zum vorzeitigen Erlöschen
          des Widerrufsrechts, finden Sie in der{' '}
          <Link to="/widerrufsbelehrung" className={legalLinkClasses}>
            Widerrufsbelehrung
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection title="§ 7 Verfügbarkeit">
        <p>
          Wir bemühen uns um eine möglichst unterbrechungsfreie Verfügbarkeit von Umlage. Wartungsarbeiten,
          Störungen bei Dritten oder höhere Gewalt können die Nutzung zeitweise einschränken. Sichern Sie
          erstellte PDF-Abrechnungen bitte auch bei sich.
        </p>
      </LegalSection>

      <LegalSection title="§ 8 Pflichten der Nutzer">
        <p>
          Sie dürfen nur Daten eingeben und hochladen, zu deren Verarbeitung Sie berechtigt sind, insbesondere
          personenbezogene Daten Ihrer Mieter. Missbräuchliche Nutzung, etwa automatisierte Massenabfragen
          oder Angriffe auf die Anwendung, ist untersagt.
        </p>
      </LegalSection>

      <LegalSection title="§ 9 Haftung">
        <p>
          Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, bei Verletzung von Leben, Körper oder
          Gesundheit sowie nach dem Produkthaftungsgesetz. Bei leichter Fahrlässigkeit haften wir nur für die
          Verletzung wesentlicher Vertragspflichten, deren Erfüllung die ordnungsgemäße Durchführung des
          Vertrags erst ermöglicht und auf deren Einhaltung Sie regelmäßig vertrauen dürfen; die Haftung ist
          dann auf den vorhersehbaren, vertragstypischen Schaden begrenzt.
        </p>
      </LegalSection>

      <LegalSection title="§ 10 Datenschutz">
        <p>
          Wie wir mit Ihren Daten umgehen, beschreibt unsere{' '}
          <Link to="/datenschutz" className={legalLinkClasses}>
            Datenschutzerklärung
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection title="§ 11 Schlussbestimmungen">
        <p>
          Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Bei
          Verbrauchern gilt diese Rechtswahl nur, soweit ihnen dadurch nicht der Schutz zwingender
          Vorschriften des Staates ihres gewöhnlichen Aufenthalts entzogen wird. Sind Sie Kaufmann, ist
          Gerichtsstand unser Sitz. Sollte eine Bestimmung dieser AGB unwirksam sein, bleiben die übrigen
          Bestimmungen wirksam.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
