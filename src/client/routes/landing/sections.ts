// The landing page's sections in page order (spec §2 "Landing page") and the ones the navigation names.

export const SECTION_IDS = ['hero', 'billing-form', 'problem', 'solution', 'pricing', 'cta'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const NAV_ITEMS: readonly { id: SectionId; label: string }[] = [
  { id: 'hero', label: 'Start' },
  { id: 'pricing', label: 'Preise' },
  { id: 'cta', label: 'Kontakt' },
];

/** Spec §9: the back-to-top button shows after this much scrolling. */
export const BACK_TO_TOP_AFTER_PX = 500;
/** Spec §9: a section reveals once its top is this far inside the viewport. */
export const REVEAL_OFFSET_PX = 150;
/** Height of the sticky header (h-16); sections scroll to just below it. */
export const HEADER_HEIGHT_PX = 64;

/** Look of the sections' h2 (long German compounds must still fit a phone). */
export const SECTION_TITLE_CLASSES =
  'text-2xl font-bold tracking-tight break-words hyphens-auto text-slate-900 sm:text-3xl';
