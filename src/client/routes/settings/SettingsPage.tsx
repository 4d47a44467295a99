import { ForEditors } from '../../components/ForEditors';
import { PageSpinner } from '../../components/ui/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useMe } from '../../lib/session';
import { PasswordCard } from './PasswordCard';
import { PrivacyCard } from './PrivacyCard';
import { ProfileCard } from './ProfileCard';
import { SenderCard } from './SenderCard';
import { WorkspaceCard } from './WorkspaceCard';

export function SettingsPage() {
  useDocumentTitle('Einstellungen');
  const { data: me } = useMe();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Einstellungen</h1>
      {me ? (
        <div className="grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
          <ProfileCard me={me} />
          <WorkspaceCard me={me} />
          {/* the sender new letters start with: a setting only those who write letters change */}
          <ForEditors>
            <SenderCard />
          </ForEditors>
          <PasswordCard />
          <PrivacyCard />
        </div>
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
