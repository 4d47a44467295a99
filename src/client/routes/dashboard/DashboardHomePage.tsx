import { ComingSoon } from '../../components/ComingSoon';
import { CreditsCard } from '../billing/CreditsCard';
import { PaymentReturn } from '../billing/PaymentReturn';

export function DashboardHomePage() {
  return (
    <div className="flex flex-col gap-6">
      <PaymentReturn />
      <ComingSoon title="Dashboard" />
      <CreditsCard />
    </div>
  );
}
