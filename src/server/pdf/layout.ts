// Page geometry and typography of the statement letter: A4, DIN 5008 form B.

/** Millimetres to PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

export const PAGE = { width: mm(210), height: mm(297) } as const;

/** Text runs from 25 mm to 190 mm (DIN 5008: left margin 25 mm, right margin at least 20 mm). */
export const LEFT = mm(25);
export const RIGHT = mm(190);
export const CONTENT_WIDTH = RIGHT - LEFT;

/** Top of the content on every page after the first; bottom limit above the footer. */
export const TOP = mm(20);
export const BOTTOM = mm(271);

/** Form B: address field 45 mm from the top, 85 × 45 mm, text 5 mm in from its left edge. */
export const ADDRESS = {
  x: mm(25),
  width: mm(80),
  returnY: mm(47),
  recipientY: mm(62.7),
} as const;

/** Form B: information block from 125 mm, starting 50 mm from the top. */
export const INFO = { x: mm(125), y: mm(50), width: RIGHT - mm(125), labelWidth: mm(24) } as const;

/** Form B: subject line 98.46 mm from the top (two blank lines below the address field). */
export const SUBJECT_Y = mm(98.46);

/** Form B fold marks (105 mm, 210 mm) and the punch mark (148.5 mm). */
export const MARKS = { folds: [mm(105), mm(210)], punch: mm(148.5), x: mm(4), length: mm(5) } as const;

export const FOOTER = { ruleY: mm(275.5), textY: mm(277.5) } as const;

export const FONT = { regular: 'Regular', bold: 'Bold' } as const;

export const SIZE = {
  letterhead: 15,
  body: 10,
  subject: 11,
  small: 8.5,
  tiny: 7,
  table: 8,
  tableHeader: 7.5,
  heading: 13,
} as const;

export const COLOR = {
  text: '#1e293b',
  muted: '#64748b',
  accent: '#0f766e',
  rule: '#cbd5e1',
  hairline: '#e2e8f0',
  fill: '#f1f5f9',
  zebra: '#f8fafc',
} as const;

/** Extra space between lines of running text, in points. */
export const LINE_GAP = 2.5;
