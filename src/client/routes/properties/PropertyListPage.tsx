import { ComingSoon } from '../../components/ComingSoon';

export function PropertyListPage() {
  return <ComingSoon title="Immobilien" />;
}
