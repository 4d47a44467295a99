import { describe, expect, it } from 'vitest';
import { sectionOf } from './DashboardLayout';

describe('the top bar names the section', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/dashboard/belege', 'Belege'],
    ['/dashboard/belege/upload', 'Belege'],
    ['/dashboard/zahlungen', 'Zahlungen'],
    ['/dashboard/immobilien/neu', 'Immobilien'],
    ['/dashboard/hausabrechnungen/0b7e', 'Abrechnungen'],
    ['/dashboard/einstellungen', 'Einstellungen'],
  ])('%s → %s', (path, section) => {
    expect(sectionOf(path)).toBe(section);
  });
});
