import { LockedError } from './db/lock';
import { ConfigError, loadConfig } from './env';
import { startServer } from './start';

try {
  const app = await startServer(loadConfig());
  // Finish requests in flight and close the database before exiting.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => process.exit(1), 10_000);
      timer.unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof LockedError) {
    console.error(`Umlage could not start: ${error.message}`);
  } else {
    console.error('Umlage could not start:', error);
  }
  process.exit(1);
}
