import { SiteLink } from '../../components/SiteLink';
import { LegalPage, LegalSection, legalLinkClasses, MailLink, OperatorAddress } from './LegalPage';
import { useOperator } from './siteInfo';

export function ImpressumPage() {
  const operator = useOperator();
  return (
    <LegalPage title="Impressum">
      <LegalSection title="Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)">
        <OperatorAddress operator={operator} />
      </LegalSection>

      <LegalSection title="Kontakt">
        <p>
          Telefon: {operator.phone}
          <br />
          E-Mail: <MailLink address={operator.email} />
        </p>
        <p>
          Für Fragen zu Umlage können Sie uns auch über das{' '}
          <SiteLink to="/#cta" className={legalLinkClasses}>
            Kontaktformular
          </SiteLink>{' '}
          schreiben.
        </p>
      </LegalSection>

      <LegalSection title="Umsatzsteuer-Identifikationsnummer">
        <p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: {operator.vatId}</p>
      </LegalSection>

      <LegalSection title="Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV">
        <OperatorAddress operator={operator} />
      </LegalSection>

      <LegalSection title="Verbraucherstreitbeilegung">
        <p>
          Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
          Verbraucherschlichtungsstelle teilzunehmen.
        </p>
      </LegalSection>

      <LegalSection title="Keine Rechtsberatung">
        <p>
          Umlage ist eine Software, mit der Vermieterinnen und Vermieter ihre Betriebskostenabrechnung selbst
          erstellen. Die Ergebnisse beruhen auf Ihren Eingaben. Umlage prüft nicht, ob einzelne Kosten nach
          Ihrem Mietvertrag und der Betriebskostenverordnung umlagefähig sind, und ersetzt keine
          Rechtsberatung im Einzelfall.
        </p>
      </LegalSection>

      <LegalSection title="Haftung für Inhalte und Links">
        <p>
          Wir erstellen die Inhalte dieser Website mit Sorgfalt, übernehmen aber keine Gewähr für ihre
          Vollständigkeit und Aktualität. Für Inhalte externer Websites, auf die wir verlinken, sind
          ausschließlich deren Betreiber verantwortlich. Werden uns Rechtsverletzungen bekannt, entfernen wir
          die betreffenden Inhalte oder Links umgehend.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
