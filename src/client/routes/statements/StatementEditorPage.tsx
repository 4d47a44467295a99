import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';

/** /dashboard/abrechnungen/neu and /dashboard/abrechnungen/bearbeiten/:id (the dashboard wizard) */
export function StatementEditorPage() {
  const { id } = useParams();
  return <ComingSoon title={id ? 'Abrechnung bearbeiten' : 'Neue Abrechnung'} />;
}
