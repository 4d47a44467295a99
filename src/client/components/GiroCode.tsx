// A GiroCode (EPC QR code) drawn on screen: the landlord's banking app reads a transfer from it.

import QRCode from 'qrcode';
import { type GiroPayment, girocodeText } from '../../shared/girocode-text';

/** The code as one SVG path of its dark modules, with the quiet zone the standard asks (4 modules). */
export function GiroCode({ payment, label }: { payment: GiroPayment; label: string }) {
  const text = girocodeText(payment);
  if (!text) return null;
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  let path = '';
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (data[row * size + col]) path += `M${col + 4} ${row + 4}h1v1h-1z`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size + 8} ${size + 8}`}
      className="size-40 shrink-0 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
