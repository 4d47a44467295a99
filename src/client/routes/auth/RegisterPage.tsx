import { ComingSoon } from '../../components/ComingSoon';

export function RegisterPage() {
  return <ComingSoon title="Registrieren" />;
}
