import type { Page } from '@playwright/test';

/**
 * Heating computed here from one gas delivery: 3.000 m³ on 15.02.2025, 30.000 kWh for 3.600 €
 * (the editor must show the heating section).
 */
export async function computeFromOneGasDelivery(page: Page) {
  await page.getByRole('radio', { name: /^Hier berechnen/ }).check();
  await page.getByRole('button', { name: 'Lieferung hinzufügen' }).click();
  const delivery = page.getByRole('listitem', { name: 'Lieferung 1' });
  await delivery.getByLabel('Lieferdatum').fill('2025-02-15');
  await delivery.getByLabel('Menge (m³)').fill('3.000');
  await delivery.getByLabel('Energie (kWh)').fill('30.000');
  await delivery.getByLabel('Betrag (€)').fill('3.600');
}
