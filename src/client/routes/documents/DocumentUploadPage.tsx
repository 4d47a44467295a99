import { ComingSoon } from '../../components/ComingSoon';

export function DocumentUploadPage() {
  return <ComingSoon title="Belege hochladen" />;
}
