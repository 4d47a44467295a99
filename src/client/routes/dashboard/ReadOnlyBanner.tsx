import type { Me } from '../../lib/session';

/** A read-only member (e.g. the tax adviser) is told once at the top why nothing can be changed. */
export function ReadOnlyBanner({ me }: { me: Me }) {
  if (me.workspace?.role !== 'reader') return null;
  return (
    <p
      role="status"
      className="mb-6 rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
    >
      {me.workspace.propertyIds
        ? `Nur lesen: In „${me.workspace.name}“ sehen Sie die für Sie freigegebenen Immobilien mit ihren Abrechnungen und Belegen und können sie herunterladen, aber nichts ändern.`
        : `Nur lesen: In „${me.workspace.name}“ können Sie alles ansehen und herunterladen, aber nichts ändern.`}
    </p>
  );
}
