// Every schema imports zod from here so that zod's own messages (wrong types etc.) are German too.
import { z } from 'zod';

z.config(z.locales.de());

export { z };
