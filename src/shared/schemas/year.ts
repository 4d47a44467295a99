// A calendar year as a field or a path's part, with the same German messages everywhere.

import { z } from './zod';

const messages = {
  type: 'Bitte geben Sie ein Jahr an.',
  min: 'Bitte wählen Sie ein Jahr ab 2000.',
  max: 'Bitte wählen Sie ein Jahr bis 2100.',
};

/** A year in a request body. */
export const calendarYear = z
  .number({ error: messages.type })
  .int(messages.type)
  .min(2000, messages.min)
  .max(2100, messages.max);

/** A year in a path ("/…/2025.pdf"). */
export const pathYear = z.coerce
  .number({ error: messages.type })
  .int(messages.type)
  .min(2000, messages.min)
  .max(2100, messages.max);
