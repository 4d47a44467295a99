import { Link } from 'react-router';
import { LegalList, LegalPage, LegalSection, legalLinkClasses, MailLink, OperatorAddress } from './LegalPage';
import { useOperator } from './siteInfo';

export function DatenschutzPage() {
  const operator = useOperator();
  return (
    <LegalPage title="Datenschutzerklärung">
      <LegalSection title="1. Verantwortlicher">
        <p>Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser Website ist:</p>
        <OperatorAddress operator={operator} contact />
        <p>Bei allen Fragen zum Datenschutz können Sie sich an diese Adresse wenden.</p>
      </LegalSection>

      <LegalSection title="2. Das Wichtigste in Kürze">
        <LegalList>
          <li>Wir verarbeiten Ihre Daten nur, um Ihnen Umlage bereitzustellen.</li>
          <li>
            Wir setzen keine Analyse- oder Tracking-Werkzeuge ein, zeigen keine Werbung und laden keine
            Schriften oder Skripte von fremden Servern.
          </li>
          <li>Cookies verwenden wir nur für die Anmeldung (technisch notwendig).</li>
          <li>
            Wir verkaufen Ihre Daten nicht und geben sie nur an die unten genannten Dienstleister weiter.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection title="3. Aufruf der Website und Server-Logdateien">
        <p>
          Beim Aufruf der Website verarbeitet unser Server technisch notwendige Daten: IP-Adresse, Datum und
          Uhrzeit, aufgerufene Adresse, Statuscode, übertragene Datenmenge sowie Browser und Betriebssystem
          (User-Agent). Das ist erforderlich, um die Website auszuliefern und ihre Sicherheit und Stabilität
          zu gewährleisten (Art. 6 Abs. 1 lit. f DSGVO). Die Protokolle werden nur so lange aufbewahrt, wie es
          dafür nötig ist, und anschließend gelöscht.
        </p>
      </LegalSection>

      <LegalSection title="4. Cookies und Speicher im Browser">
        <p>
          Nach der Anmeldung setzen wir ein Sitzungs-Cookie, das Sie als angemeldet ausweist. Es ist für die
          Nutzung des Kontos technisch unbedingt erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG) und wird beim Abmelden
          bzw. nach Ablauf der Sitzung gelöscht.
        </p>
        <p>
          Wenn Sie auf der Startseite eine Abrechnung eingeben, ohne angemeldet zu sein, speichern wir Ihre
          Eingaben im lokalen Speicher (localStorage) Ihres Browsers, damit sie beim Neuladen der Seite nicht
          verloren gehen. Diese Daten verlassen Ihr Gerät erst, wenn Sie sich registrieren: Dann legen wir sie
          als ersten Entwurf in Ihrem Konto an und entfernen sie aus dem Browser. Passwörter werden dort nie
          gespeichert. Sie können die Daten jederzeit löschen, indem Sie die Websitedaten in Ihrem Browser
          löschen.
        </p>
      </LegalSection>

      <LegalSection title="5. Kontaktformular und E-Mail">
        <p>
          Wenn Sie uns über das Kontaktformular oder per E-Mail schreiben, verarbeiten wir Ihren Namen, Ihre
          E-Mail-Adresse und Ihre Nachricht, um Ihre Anfrage zu beantworten (Art. 6 Abs. 1 lit. b DSGVO bei
          Fragen zu einem Vertrag, sonst Art. 6 Abs. 1 lit. f DSGVO). Die Nachricht wird in unserer Datenbank
          gespeichert und per E-Mail an uns weitergeleitet. Wir löschen sie, wenn Ihre Anfrage erledigt ist
          und keine gesetzlichen Aufbewahrungspflichten entgegenstehen.
        </p>
        <p>
          Zum Schutz vor massenhaft versendeten Nachrichten zählen wir, wie viele Nachrichten von einer
          Internetadresse kommen. Dafür speichern wir nur einen nicht umkehrbaren Hashwert der IP-Adresse mit
          einem Zähler, der nach kurzer Zeit verfällt (Art. 6 Abs. 1 lit. f DSGVO).
        </p>
      </LegalSection>

      <LegalSection title="6. Nutzerkonto">
        <p>
          Für die Registrierung benötigen wir Ihren Namen, Ihre E-Mail-Adresse und ein Passwort. Das Passwort
          speichern wir ausschließlich als kryptografischen Hashwert. Außerdem speichern wir Ihre Credits und
          die Buchungen dazu. Rechtsgrundlage ist die Durchführung des Nutzungsvertrags (Art. 6 Abs. 1 lit. b
          DSGVO). Zur Bestätigung Ihrer E-Mail-Adresse und zum Zurücksetzen des Passworts senden wir Ihnen
          E-Mails.
        </p>
      </LegalSection>

      <LegalSection title="7. Ihre Abrechnungen, Immobilien und Belege">
        <p>
          In Umlage erfassen Sie Daten zu Ihren Immobilien, Mieterinnen und Mietern (z. B. Namen, Anschriften,
          Wohnfläche, Vorauszahlungen) und laden Belege hoch. Diese Daten verarbeiten wir ausschließlich, um
          Ihnen die Funktionen von Umlage bereitzustellen, und nur in Ihrem Auftrag. Gegenüber Ihren Mietern
          sind Sie für diese Daten verantwortlich; wir handeln als Auftragsverarbeiter (Art. 28 DSGVO). Einen
          Vertrag zur Auftragsverarbeitung stellen wir Ihnen auf Anfrage zur Verfügung.
        </p>
      </LegalSection>

      <LegalSection title="8. Zahlungsabwicklung">
        <p>
          Wenn Sie Credits kaufen, leiten wir Sie zur Bezahlseite unseres Zahlungsdienstleisters Stripe
          (Stripe Payments Europe, Ltd., 1 Grand Canal Street Lower, Dublin 2, Irland) weiter. Stripe
          verarbeitet Ihre Zahlungsdaten in eigener Verantwortung; wir erhalten keine vollständigen Karten-
          oder Kontodaten, sondern nur die Bestätigung der Zahlung, den Betrag und Ihre E-Mail-Adresse (Art. 6
          Abs. 1 lit. b DSGVO). Stripe kann Daten auch in den USA verarbeiten; die Übermittlung stützt sich
          auf den Angemessenheitsbeschluss zum EU-US Data Privacy Framework. Näheres erfahren Sie in der{' '}
          <a href="https://stripe.com/de/privacy" className={legalLinkClasses} rel="noopener noreferrer">
            Datenschutzerklärung von Stripe
          </a>
          .
        </p>
      </LegalSection>

      <LegalSection title="9. Empfänger">
        <p>
          Ihre Daten erhalten nur Dienstleister, die wir für den Betrieb brauchen und vertraglich zur
          Vertraulichkeit verpflichtet haben: unser Hosting-Anbieter, unser E-Mail-Versanddienst und, beim
          Kauf von Credits, Stripe. Eine Weitergabe an Dritte zu Werbezwecken findet nicht statt.
        </p>
      </LegalSection>

      <LegalSection title="10. Speicherdauer">
        <p>
          Ihre Kontodaten, Immobilien, Abrechnungen und Belege speichern wir, bis Sie sie löschen oder Ihr
          Konto auflösen. Buchungen über gekaufte Credits bewahren wir aufgrund handels- und steuerrechtlicher
          Pflichten bis zu zehn Jahre auf (§ 147 AO, § 257 HGB), auch über die Löschung des Kontos hinaus.
        </p>
      </LegalSection>

      <LegalSection title="11. Ihre Rechte">
        <p>Sie haben das Recht auf</p>
        <LegalList>
          <li>Auskunft über Ihre gespeicherten Daten (Art. 15 DSGVO),</li>
          <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO),</li>
          <li>Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
          <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
          <li>
            Widerspruch gegen Verarbeitungen, die auf Art. 6 Abs. 1 lit. f DSGVO beruhen (Art. 21 DSGVO),
          </li>
          <li>Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).</li>
        </LegalList>
        <p>
          Schreiben Sie uns dazu an <MailLink address={operator.email} />. Außerdem können Sie sich bei einer
          Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), etwa bei der Behörde Ihres Wohnorts.
        </p>
      </LegalSection>

      <LegalSection title="12. Sicherheit">
        <p>
          Wir schützen Ihre Daten mit technischen und organisatorischen Maßnahmen, unter anderem durch
          verschlüsselte Übertragung (TLS), gehashte Passwörter und Zugriffe, die stets auf Ihr eigenes Konto
          beschränkt sind. Eine automatisierte Entscheidungsfindung oder ein Profiling findet nicht statt.
        </p>
        <p>
          Weitere Informationen zu unseren Leistungen finden Sie in den{' '}
          <Link to="/agb" className={legalLinkClasses}>
            AGB
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
