import { ComingSoon } from '../../components/ComingSoon';

export function AgbPage() {
  return <ComingSoon title="Allgemeine Geschäftsbedingungen" />;
}
