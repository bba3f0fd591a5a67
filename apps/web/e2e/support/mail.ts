import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { e2eServer } from '@parade/test-support/e2e-servers';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * The first mail to `to` whose subject matches, from the real SMTP server that global-setup
 * starts for the app (one JSON file per received mail in mailDir).
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CapturedMail> {
  const mailDir = e2eServer().mailDir;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(mailDir).sort()) {
      const mail = JSON.parse(readFileSync(path.join(mailDir, file), 'utf8')) as CapturedMail;
      if (mail.to.includes(to.toLowerCase()) && subject.test(mail.subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail "${subject}" to ${to} within ${timeoutMs} ms`);
}
