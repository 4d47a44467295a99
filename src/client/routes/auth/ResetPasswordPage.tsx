import { ComingSoon } from '../../components/ComingSoon';

export function ResetPasswordPage() {
  return <ComingSoon title="Neues Passwort festlegen" />;
}
