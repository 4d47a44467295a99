import { FileText } from 'lucide-react';
import { useState } from 'react';
import { CREDIT_PACKAGES } from '../../../shared/catalog';
import { formatCents } from '../../../shared/money';
import { toFormInput } from '../../../shared/schemas/statement-form';
import { type StatementFormData, statementFileName } from '../../../shared/statement';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { toast } from '../../components/ui/toast';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';

const SINGLE_PRICE = formatCents(CREDIT_PACKAGES.find((p) => p.credits === 1)?.priceCents ?? 0);

/**
 * Landing wizard step 3: the free preview PDF without an account (watermarked, rendered by the
 * server), then the way to the final one. The download code is loaded only on click (ADR 0008).
 */
export function LandingPdfPanel({ formData }: { formData: StatementFormData }) {
  const [pending, setPending] = useState(false);
  const [downloaded, setDownloaded] = useState(false);

  async function download() {
    setPending(true);
    try {
      const { downloadPdf } = await import('../../lib/pdfDownload');
      // the server reads amounts as the form holds them (euros), not as the canonical cents
      await downloadPdf(
        '/api/public/statement-preview',
        { formData: toFormInput(formData) },
        statementFileName(formData, true),
      );
      setDownloaded(true);
      toast({ title: 'Vorschau wird heruntergeladen' });
    } catch (error) {
      toast({
        title: 'Fehler beim Erstellen der PDF',
        // a failed import or fetch is a lost connection
        description: error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="landing-pdf-title"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h3 id="landing-pdf-title" className="text-lg font-semibold text-slate-900">
          PDF-Export
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Laden Sie Ihre Abrechnung kostenlos und ohne Anmeldung als PDF herunter. Die Vorschau trägt das
          Wasserzeichen <strong>VORSCHAU</strong>.
        </p>
      </div>
      <Button
        variant={downloaded ? 'secondary' : 'primary'}
        className="self-start"
        loading={pending}
        onClick={() => void download()}
      >
        <FileText aria-hidden="true" className="size-4" />
        Vorschau herunterladen
      </Button>
      <p
        role="status"
        className={cx(
          'rounded-md border p-3 text-sm',
          downloaded
            ? 'border-teal-300 bg-teal-50 text-teal-950'
            : 'border-slate-200 bg-slate-50 text-slate-700',
        )}
      >
        {downloaded && <strong className="block">Ihre Vorschau ist da. </strong>}
        Die finale Abrechnung ohne Wasserzeichen erhalten Sie nach der Registrierung (Einzelabrechnung{' '}
        {SINGLE_PRICE}). Mit <strong>„Speichern &amp; Registrieren“</strong> werden Ihre Eingaben als Entwurf
        in Ihr Konto übernommen.
      </p>
    </section>
  );
}
