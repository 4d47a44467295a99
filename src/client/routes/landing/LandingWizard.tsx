/** Placeholder until the statement wizard's components exist (statements area). */
export function LandingWizard() {
  return (
    <div className="flex min-h-[36rem] items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
      <p>Der Abrechnungs-Assistent folgt in Kürze.</p>
    </div>
  );
}
