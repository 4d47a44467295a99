import { useState } from 'react';
import { CREDIT_PACKAGES } from '../../../shared/catalog';
import {
  emptyStatementForm,
  type StatementFormInput,
  toFormInput,
} from '../../../shared/schemas/statement-form';
import { toast, toastOnNextPage } from '../../components/ui/toast';
import { GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { StatementWizard } from '../statements/wizard/StatementWizard';
import { LandingPdfPanel } from './LandingPdfPanel';
import { loadPackages } from './landingData';
import { adoptLandingDraft, loadLandingDraft, saveLandingDraft } from './landingDraft';
import { loadMe } from './landingSession';
import { registerAndPayPath } from './PricingSection';

// The single-statement package is preselected after the wizard (register-and-pay lets the visitor switch).
const SINGLE = CREDIT_PACKAGES[0];

let pendingSave = 0;
/** Keeps the typed values in the browser, at most every 300 ms while typing. */
function keepDraft(values: StatementFormInput) {
  window.clearTimeout(pendingSave);
  pendingSave = window.setTimeout(() => saveLandingDraft(values), 300);
}

/** The dashboard's three-step wizard in landing mode: no saved properties, ends at registration. */
export function LandingWizard() {
  const [initialValues] = useState(() => loadLandingDraft() ?? toFormInput(emptyStatementForm()));

  const finish = async (values: StatementFormInput) => {
    if (!SINGLE) return;
    window.clearTimeout(pendingSave);
    saveLandingDraft(values);
    if (await loadMe()) {
      // Already signed in: register-and-pay would send them away; the draft goes into their account.
      const adopted = await adoptLandingDraft();
      if (adopted.status === 'saved') {
        toastOnNextPage({ title: 'Entwurf gespeichert!' });
        window.location.assign(`/dashboard/abrechnungen/bearbeiten/${adopted.statementId}`);
        return;
      }
      toast({ title: 'Fehler beim Speichern', description: GENERIC_ERROR_MESSAGE, variant: 'destructive' });
      return;
    }
    const packages = await loadPackages();
    const priceId = packages?.packages.find((pkg) => pkg.id === SINGLE.id)?.priceId ?? SINGLE.defaultPriceId;
    window.location.assign(registerAndPayPath(SINGLE, priceId));
  };

  return (
    <div className="sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:p-8 sm:shadow-sm">
      <StatementWizard
        mode="landing"
        initialValues={initialValues}
        onValuesChange={keepDraft}
        onFinish={finish}
        renderPdfPanel={(formData) => <LandingPdfPanel formData={formData} />}
      />
    </div>
  );
}
