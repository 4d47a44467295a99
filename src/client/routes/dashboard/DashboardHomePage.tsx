import { ComingSoon } from '../../components/ComingSoon';

export function DashboardHomePage() {
  return <ComingSoon title="Dashboard" />;
}
