import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type CaughtMail, parseMail } from './factories';

/**
 * A real SMTP server on a free local port for the mail tests: it keeps what it receives, and refuses
 * every mail (451) while `refusing` is set.
 */
export async function startSmtpServer() {
  const caught: CaughtMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) return callback(new Error('451 Bitte später noch einmal'));
        caught.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    caught,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
