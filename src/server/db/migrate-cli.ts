import { loadConfig } from '../env';
import { openConfiguredDatabase } from '../start';

// `npm run db:migrate`: applies pending migrations and exits (the server also does this at start).
const opened = await openConfiguredDatabase(loadConfig());
console.log(`database migrated (${opened.database.kind})`);
await opened.close();
