// Public holidays for the rent's due day (docs/domain/late-rent.md): the nationwide ones and those of
// the property's Land. A postal code does not name its Land for sure — a few regions straddle a border —
// so a region counts the holidays of every Land it reaches: a due day is never earlier than the law's.

import { getHolidays } from 'feiertagejs';

export type Land =
  | 'BW'
  | 'BY'
  | 'BE'
  | 'BB'
  | 'HB'
  | 'HE'
  | 'HH'
  | 'MV'
  | 'NI'
  | 'NW'
  | 'RP'
  | 'SL'
  | 'SN'
  | 'ST'
  | 'SH'
  | 'TH';

/** The Länder a Leitregion (the postal code's first two digits) reaches; from the Post's region map. */
const REGIONS: Record<string, readonly Land[]> = {
  '01': ['SN', 'BB'],
  '02': ['SN', 'BB'],
  '03': ['BB', 'SN'],
  '04': ['SN', 'ST', 'BB', 'TH'],
  '06': ['ST', 'SN', 'TH'],
  '07': ['TH', 'SN'],
  '08': ['SN', 'TH'],
  '09': ['SN'],
  '10': ['BE'],
  '12': ['BE'],
  '13': ['BE'],
  '14': ['BE', 'BB'],
  '15': ['BB'],
  '16': ['BB', 'MV'],
  '17': ['MV', 'BB'],
  '18': ['MV'],
  '19': ['MV', 'BB', 'NI'],
  '20': ['HH'],
  '21': ['HH', 'NI', 'SH'],
  '22': ['HH', 'SH'],
  '23': ['SH', 'MV'],
  '24': ['SH'],
  '25': ['SH'],
  '26': ['NI'],
  '27': ['NI', 'HB'],
  '28': ['HB', 'NI'],
  '29': ['NI', 'ST'],
  '30': ['NI'],
  '31': ['NI', 'NW'],
  '32': ['NW', 'NI'],
  '33': ['NW', 'NI'],
  '34': ['HE', 'NW', 'NI'],
  '35': ['HE', 'NW'],
  '36': ['HE', 'TH', 'BY'],
  '37': ['NI', 'HE', 'TH', 'NW'],
  '38': ['NI', 'ST'],
  '39': ['ST', 'BB'],
  '40': ['NW'],
  '41': ['NW'],
  '42': ['NW'],
  '44': ['NW'],
  '45': ['NW'],
  '46': ['NW'],
  '47': ['NW'],
  '48': ['NW', 'NI'],
  '49': ['NI', 'NW'],
  '50': ['NW'],
  '51': ['NW'],
  '52': ['NW'],
  '53': ['NW', 'RP'],
  '54': ['RP'],
  '55': ['RP'],
  '56': ['RP', 'HE'],
  '57': ['NW', 'RP', 'HE'],
  '58': ['NW'],
  '59': ['NW'],
  '60': ['HE'],
  '61': ['HE'],
  '63': ['HE', 'BY'],
  '64': ['HE', 'BY'],
  '65': ['HE', 'RP'],
  '66': ['SL', 'RP'],
  '67': ['RP'],
  '68': ['BW', 'HE'],
  '69': ['BW', 'HE'],
  '70': ['BW'],
  '71': ['BW'],
  '72': ['BW'],
  '73': ['BW'],
  '74': ['BW'],
  '75': ['BW'],
  '76': ['BW', 'RP'],
  '77': ['BW'],
  '78': ['BW'],
  '79': ['BW'],
  '80': ['BY'],
  '81': ['BY'],
  '82': ['BY'],
  '83': ['BY'],
  '84': ['BY'],
  '85': ['BY'],
  '86': ['BY'],
  '87': ['BY'],
  '88': ['BW', 'BY'],
  '89': ['BW', 'BY'],
  '90': ['BY'],
  '91': ['BY'],
  '92': ['BY'],
  '93': ['BY'],
  '94': ['BY'],
  '95': ['BY'],
  '96': ['BY', 'TH'],
  '97': ['BY', 'BW', 'HE'],
  '98': ['TH', 'BY'],
  '99': ['TH'],
};

/** The Länder a German postal code may lie in; none for a code that is not one. */
export function landsOfPostalCode(postalCode: string): readonly Land[] {
  const code = postalCode.trim();
  return /^\d{5}$/.test(code) ? (REGIONS[code.slice(0, 2)] ?? []) : [];
}

const byYear = new Map<string, ReadonlySet<string>>();

/** The days (YYYY-MM-DD) of a year that are a public holiday nationwide or in any of the Länder. */
export function holidaysIn(year: number, lands: readonly Land[]): ReadonlySet<string> {
  const key = `${year}:${[...lands].sort().join(',')}`;
  const known = byYear.get(key);
  if (known) return known;
  const days = new Set(
    (['BUND', ...lands] as const).flatMap((region) =>
      // the library's dates are noon UTC: their UTC day is the holiday in every time zone
      getHolidays(year, region).map((h) => h.date.toISOString().slice(0, 10)),
    ),
  );
  byYear.set(key, days);
  return days;
}
