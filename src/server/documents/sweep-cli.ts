// `npx tsx src/server/documents/sweep-cli.ts`: compares stored receipt files with the documents
// table and prints what disagrees; exit code 1 when anything does. Read-only. With the embedded
// database it must run while the server is stopped (the data folder is locked).
import { ConfigError, loadConfig } from '../env';
import { openConfiguredDatabase } from '../start';
import { createStorage } from '../storage/storage';
import { sweepDocuments } from './sweep';

try {
  const config = loadConfig();
  const opened = await openConfiguredDatabase(config);
  try {
    const storage = createStorage(config);
    const report = await sweepDocuments(opened.database.db, storage);
    console.log(`Store: ${storage.kind}`);
    console.log(`Files without a document row: ${report.filesWithoutRows.length}`);
    for (const key of report.filesWithoutRows) console.log(`  ${key}`);
    console.log(`Document rows without a file: ${report.rowsWithoutFiles.length}`);
    for (const row of report.rowsWithoutFiles)
      console.log(`  ${row.id} (user ${row.workspaceId}): ${row.storageKey}`);
    process.exitCode = report.filesWithoutRows.length + report.rowsWithoutFiles.length > 0 ? 1 : 0;
  } finally {
    await opened.close();
  }
} catch (error) {
  console.error('Sweep failed:', error instanceof ConfigError ? error.message : error);
  process.exitCode = 2;
}
