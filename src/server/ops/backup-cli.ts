import { loadConfig } from '../env';
import { backup, restore } from './backup';

// npm run backup [-- archive.tar.gz] | npm run restore -- archive.tar.gz
const [command, archiveArg] = process.argv.slice(2);
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump and your bucket with its own tools.');
  process.exit(1);
}
try {
  if (command === 'backup') {
    const archive = archiveArg ?? `umlage-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    await backup(config.DATA_DIR, archive);
    console.log(`backup written to ${archive}`);
  } else if (command === 'restore' && archiveArg) {
    await restore(config.DATA_DIR, archiveArg);
    console.log(`restored ${archiveArg} into ${config.DATA_DIR}`);
  } else {
    console.error('usage: npm run backup [-- file.tar.gz] | npm run restore -- file.tar.gz');
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
