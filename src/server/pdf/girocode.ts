// The GiroCode drawn on a letter: the matrix of the payment's EPC text (shared/girocode-text.ts).

import QRCode from 'qrcode';
import { type GiroPayment, girocodeText } from '../../shared/girocode-text';
import type { Doc } from './flow';
import { mm } from './layout';

/** 21 mm: above the 2 cm a GiroCode wants, and no taller than the five account rows beside it. */
export const GIROCODE_SIZE = mm(21);

/** The code's modules, or null where the payment cannot be a GiroCode (no IBAN, no amount). */
export function girocodeMatrix(payment: GiroPayment): QRCode.BitMatrix | null {
  const text = girocodeText(payment);
  return text ? QRCode.create(text, { errorCorrectionLevel: 'M' }).modules : null;
}

/** Draws the modules as black squares in a square of `size` points at (x, y). */
export function drawGirocode(
  doc: Doc,
  modules: QRCode.BitMatrix,
  x: number,
  y: number,
  size = GIROCODE_SIZE,
): void {
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fillColor('#000000').fill();
}
