import { ComingSoon } from '../../components/ComingSoon';

export function ImpressumPage() {
  return <ComingSoon title="Impressum" />;
}
