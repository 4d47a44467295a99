import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CREDIT_PACKAGES } from '../../../shared/catalog';
import {
  emptyStatementForm,
  type StatementFormInput,
  toFormInput,
} from '../../../shared/schemas/statement-form';
import { packagesQuery } from '../billing/api';
import { StatementWizard } from '../statements/wizard/StatementWizard';
import { loadLandingDraft, saveLandingDraft } from './landingDraft';
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
  const navigate = useNavigate();
  const { data } = useQuery(packagesQuery);
  const [initialValues] = useState(() => loadLandingDraft() ?? toFormInput(emptyStatementForm()));

  const finish = async (values: StatementFormInput) => {
    if (!SINGLE) return;
    window.clearTimeout(pendingSave);
    saveLandingDraft(values);
    const priceId = data?.packages.find((pkg) => pkg.id === SINGLE.id)?.priceId ?? SINGLE.defaultPriceId;
    await navigate(registerAndPayPath(SINGLE, priceId));
  };

  return (
    <div className="sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:p-8 sm:shadow-sm">
      <StatementWizard
        mode="landing"
        initialValues={initialValues}
        onValuesChange={keepDraft}
        onFinish={finish}
      />
    </div>
  );
}
