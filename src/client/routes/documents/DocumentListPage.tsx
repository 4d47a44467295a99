import { ComingSoon } from '../../components/ComingSoon';

export function DocumentListPage() {
  return <ComingSoon title="Belege" />;
}
