import { ComingSoon } from '../../components/ComingSoon';

export function WiderrufsbelehrungPage() {
  return <ComingSoon title="Widerrufsbelehrung" />;
}
