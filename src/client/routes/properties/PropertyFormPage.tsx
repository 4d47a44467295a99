import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';

/** /dashboard/immobilien/neu and /dashboard/immobilien/bearbeiten/:id */
export function PropertyFormPage() {
  const { id } = useParams();
  return <ComingSoon title={id ? 'Immobilie bearbeiten' : 'Neue Immobilie'} />;
}
