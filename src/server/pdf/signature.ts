// The end of every letter: the closing formula (or the annex's date), room to sign, the line to sign
// on and the landlord's name below it.

import { type Flow, line } from './flow';
import { COLOR, LEFT, LINE_GAP, mm, SIZE } from './layout';

export interface SignatureBlock {
  /** 'Mit freundlichen Grüßen', or the date of a certificate. */
  above: string;
  /** Printed below the line; '' prints none. */
  name: string;
  /** Room and a line to sign on; without it the name follows closely. */
  signed: boolean;
  /** The room to sign in, when signed. */
  room?: number;
}

export function drawSignature(flow: Flow, block: SignatureBlock): void {
  const { doc } = flow;
  const room = block.signed ? (block.room ?? mm(11)) : mm(3);
  flow.ensure(SIZE.body * 2 + room + LINE_GAP * 2);
  line(doc, block.above, LEFT, flow.y, { size: SIZE.body });
  flow.space(SIZE.body + LINE_GAP + room);
  if (block.signed) {
    doc
      .moveTo(LEFT, flow.y)
      .lineTo(LEFT + mm(60), flow.y)
      .lineWidth(0.5)
      .strokeColor(COLOR.muted)
      .stroke();
    flow.space(3);
  }
  if (block.name) line(doc, block.name, LEFT, flow.y, { size: SIZE.body });
  flow.space(SIZE.body + LINE_GAP);
}
