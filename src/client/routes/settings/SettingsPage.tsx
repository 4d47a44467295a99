import { ComingSoon } from '../../components/ComingSoon';

export function SettingsPage() {
  return <ComingSoon title="Einstellungen" />;
}
