import { ComingSoon } from '../../components/ComingSoon';

export function DatenschutzPage() {
  return <ComingSoon title="Datenschutzerklärung" />;
}
