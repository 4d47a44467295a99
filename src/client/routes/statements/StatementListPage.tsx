import { ComingSoon } from '../../components/ComingSoon';

export function StatementListPage() {
  return <ComingSoon title="Abrechnungen" />;
}
