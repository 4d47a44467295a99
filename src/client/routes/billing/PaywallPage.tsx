import { ComingSoon } from '../../components/ComingSoon';

export function PaywallPage() {
  return <ComingSoon title="Guthaben aufladen" />;
}
