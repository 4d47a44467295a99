// The workspace's DATEV settings: the chart (SKR03 or SKR04), each account as the adviser wants it,
// his Berater- and Mandantennummer (docs/domain/tax-year.md, "For the adviser").

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { DatevSettingsJson } from '../../../shared/schemas/tax-year';
import { ACCOUNT_LABELS, DEFAULT_ACCOUNTS } from '../../../shared/tax-year/accounts';
import { ACCOUNT_KEYS, type AccountKey, CHARTS, type Chart } from '../../../shared/vocabulary';
import { FormError } from '../../components/FormError';
import { LoadedDialog } from '../../components/LoadedDialog';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { useSave } from '../../components/useSave';
import { api } from '../../lib/api';
import { datevSettingsKey, datevSettingsUrl } from './api';

export function DatevDialog({
  workspaceId,
  open,
  onClose,
}: {
  workspaceId: string;
  open: boolean;
  onClose: () => void;
}) {
  const settings = useQuery({
    queryKey: datevSettingsKey(workspaceId),
    queryFn: ({ signal }) => api<DatevSettingsJson>(datevSettingsUrl(workspaceId), { signal }),
    enabled: open,
  });
  return (
    <LoadedDialog
      open={open}
      onClose={onClose}
      title="DATEV-Konten"
      description="Ein Vorschlag je Kontenrahmen; die Konten legt Ihr Steuerberater fest."
      className="sm:max-w-2xl"
      query={settings}
      loading="Einstellungen werden geladen …"
    >
      {(data) => <DatevForm workspaceId={workspaceId} settings={data} onSaved={onClose} />}
    </LoadedDialog>
  );
}

const text = (n: number | null) => (n === null ? '' : String(n));

function DatevForm({
  workspaceId,
  settings,
  onSaved,
}: {
  workspaceId: string;
  settings: DatevSettingsJson;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const [chart, setChart] = useState<Chart>(settings.chart);
  const [accounts, setAccounts] = useState<Record<AccountKey, string>>(
    Object.fromEntries(ACCOUNT_KEYS.map((k) => [k, String(settings.accounts[k])])) as Record<
      AccountKey,
      string
    >,
  );
  const [adviser, setAdviser] = useState(text(settings.adviserNumber));
  const [client, setClient] = useState(text(settings.clientNumber));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, refused, run } = useSave();

  const switchChart = (next: Chart) => {
    setChart(next);
    setAccounts(
      Object.fromEntries(ACCOUNT_KEYS.map((k) => [k, String(DEFAULT_ACCOUNTS[next][k])])) as Record<
        AccountKey,
        string
      >,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const k of ACCOUNT_KEYS)
      if (!/^\d{1,8}$/.test(accounts[k].trim())) found[k] = 'Bitte geben Sie eine Kontonummer an.';
    if (adviser.trim() && !/^\d{4,7}$/.test(adviser.trim()))
      found.adviser = 'Die Beraternummer hat 4 bis 7 Stellen.';
    if (client.trim() && !/^\d{1,5}$/.test(client.trim()))
      found.client = 'Die Mandantennummer hat bis zu 5 Stellen.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const saved = await api<DatevSettingsJson>(datevSettingsUrl(workspaceId), {
        method: 'PUT',
        body: {
          chart,
          accounts: Object.fromEntries(ACCOUNT_KEYS.map((k) => [k, Number(accounts[k])])),
          adviserNumber: adviser.trim() ? Number(adviser) : null,
          clientNumber: client.trim() ? Number(client) : null,
        },
      });
      queryClient.setQueryData(datevSettingsKey(workspaceId), saved);
      toast({ title: 'DATEV-Konten gespeichert' });
      onSaved();
    });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="DATEV-Konten"
      className="flex flex-col gap-4"
    >
      <FormError message={refused} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          label="Kontenrahmen"
          value={chart}
          onChange={(event) => switchChart(event.target.value as Chart)}
        >
          {CHARTS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <Input
          label="Beraternummer"
          inputMode="numeric"
          value={adviser}
          error={errors.adviser}
          onChange={(event) => setAdviser(event.target.value)}
        />
        <Input
          label="Mandantennummer"
          inputMode="numeric"
          value={client}
          error={errors.client}
          onChange={(event) => setClient(event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {ACCOUNT_KEYS.map((k) => (
          <Input
            key={k}
            label={ACCOUNT_LABELS[k]}
            inputMode="numeric"
            value={accounts[k]}
            error={errors[k]}
            onChange={(event) => setAccounts({ ...accounts, [k]: event.target.value })}
          />
        ))}
      </div>
      <Button type="submit" className="self-end" loading={saving}>
        Konten speichern
      </Button>
    </form>
  );
}
