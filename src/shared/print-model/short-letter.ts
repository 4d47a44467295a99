// A one-page letter to a tenant beside the statements — the § 560 prepayment adjustment, a reminder
// of late rent: the statement letter's sender, address field, fold marks and footer, a box of figures
// and a GiroCode to the landlord's account.

export interface ShortLetterView {
  landlord: { name: string; street: string; city: string };
  senderLine: string;
  tenant: { name: string; lines: string[] };
  bankDetails: { bank: string; iban: string; bic: string; holder: string } | null;
  letterDate: string;
  subject: string;
  objectLine: string;
  info: Array<[string, string]>;
  greeting: string;
  paragraphs: string[];
  /** Label and amount, boxed. */
  figures: Array<[string, string]>;
  /** The figure printed bold on a tinted band: what the letter is about. */
  strongFigure: number;
  /** After the figures: what to do and by when. */
  effective: string;
  /** A GiroCode to the landlord's account, with the line printed beside it. */
  girocode: { amountCents: number; text: string; caption: string } | null;
  closing: string;
  signatureName: string;
}
