import { ComingSoon } from '../../components/ComingSoon';

export function RegisterAndPayPage() {
  return <ComingSoon title="Registrieren & bezahlen" />;
}
