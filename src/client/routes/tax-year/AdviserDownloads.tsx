// For the tax adviser: the year's Ausfüllhilfe, the receipts as a ZIP and the workspace's DATEV file;
// the owner sets the chart and the accounts as agreed with the adviser.

import { Download, FileText, Settings } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/Button';
import { useMe } from '../../lib/session';
import { datevFileUrl, receiptsZipUrl, taxHelpUrl, workspaceReceiptsZipUrl } from './api';
import { DatevDialog } from './DatevDialog';

export function AdviserDownloads({ propertyId, year }: { propertyId: string; year: number }) {
  const { data: me } = useMe();
  const workspace = me?.workspace;
  const [settings, setSettings] = useState(false);
  const link = buttonClasses({ variant: 'secondary', size: 'sm' });
  return (
    <section aria-label="Für den Steuerberater" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Für den Steuerberater</h3>
      <div className="flex flex-wrap gap-2">
        <a href={taxHelpUrl(propertyId, year)} className={link}>
          <FileText aria-hidden="true" className="size-4" />
          Ausfüllhilfe {year} (PDF)
        </a>
        <a href={receiptsZipUrl(propertyId, year)} className={link}>
          <Download aria-hidden="true" className="size-4" />
          Belege {year} (ZIP)
        </a>
        {workspace && (
          <>
            <a href={datevFileUrl(workspace.id, year)} className={link}>
              <Download aria-hidden="true" className="size-4" />
              DATEV-Buchungsstapel {year}
            </a>
            <a href={workspaceReceiptsZipUrl(workspace.id, year)} className={link}>
              <Download aria-hidden="true" className="size-4" />
              Belege aller Immobilien {year} (ZIP)
            </a>
          </>
        )}
        {workspace?.role === 'owner' && (
          <Button variant="secondary" size="sm" onClick={() => setSettings(true)}>
            <Settings aria-hidden="true" className="size-4" />
            DATEV-Konten
          </Button>
        )}
      </div>
      {workspace && (
        <DatevDialog workspaceId={workspace.id} open={settings} onClose={() => setSettings(false)} />
      )}
    </section>
  );
}
