import { useQuery } from '@tanstack/react-query';
import { storageFullMessage, storageUsageText } from '../../../shared/storage-usage';
import { storageUsageQuery } from './api';

/** How much of the user's receipt storage is taken, as a bar with the German figure. */
export function StorageUsageBar() {
  const usage = useQuery(storageUsageQuery);
  if (!usage.data) return null;
  const { usedBytes, quotaBytes } = usage.data;
  const full = usedBytes >= quotaBytes;
  const text = storageUsageText(usedBytes, quotaBytes);
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">Speicherplatz</span>
        <span className="text-slate-700 tabular-nums">{text}</span>
      </div>
      <meter
        aria-label="Speicherplatz"
        aria-valuetext={text}
        min={0}
        max={quotaBytes}
        value={Math.min(usedBytes, quotaBytes)}
        // the last tenth shows red
        optimum={0}
        low={quotaBytes * 0.9}
        high={quotaBytes * 0.9}
        className={[
          'block h-2 w-full overflow-hidden rounded-full bg-slate-200',
          // Chromium draws the parts with gradients; a plain colour replaces them
          '[&::-webkit-meter-bar]:h-2 [&::-webkit-meter-bar]:rounded-full [&::-webkit-meter-bar]:border-0',
          '[&::-webkit-meter-bar]:[background:var(--color-slate-200)]',
          '[&::-webkit-meter-optimum-value]:[background:var(--color-teal-700)]',
          '[&::-webkit-meter-even-less-good-value]:[background:var(--color-red-700)]',
          '[&::-moz-meter-bar]:[background:var(--color-teal-700)]',
        ].join(' ')}
      />
      {full && <p className="text-sm text-red-700">{storageFullMessage(quotaBytes)}</p>}
    </div>
  );
}
