import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseMail } from '../../../tests/setup/factories';
import { loadConfig } from '../env';
import { createMailer } from './mailer';
import { passwordResetMail } from './templates';

describe('file mailer (no SMTP_URL)', () => {
  it('writes each mail as an .eml file under DATA_DIR/mail and logs neither its link nor its token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umlage-mail-'));
    const logged: unknown[] = [];
    const log = { info: (obj: unknown) => logged.push(obj) } as unknown as FastifyBaseLogger;
    // development: where the log used to print the links for `npm run dev`
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }), log);
    expect(mailer.transport).toBe('file');

    const link = 'http://localhost:3000/reset-password?token=abc';
    await mailer.send({ to: 'jörg@example.test', ...passwordResetMail('Jörg <Ü>', link) });

    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const mail = parseMail(readFileSync(join(dataDir, 'mail', files[0] ?? ''), 'utf8'));
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toContain('Hallo Jörg <Ü>,');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('Hallo Jörg &#60;Ü&#62;,');
    expect(logged).toEqual([{ file: join(dataDir, 'mail', files[0] ?? '') }]);
    expect(JSON.stringify(logged)).not.toContain('token');
  });
});
