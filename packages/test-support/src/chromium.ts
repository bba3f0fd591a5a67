import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** The system Chromium (Debian's package); CHROMIUM_PATH overrides. */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((c) => c && existsSync(c));
  if (found) return found;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Chromium not found: install it (apt-get install -y chromium) or set CHROMIUM_PATH');
  }
}

/**
 * The system Chromium, headless, for both apps' browser specs. Nothing in the background may
 * reach the network (updates, sync, QUIC): the tests run where only npm and Debian are reachable.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** The two screen sizes every spec checks: a laptop and a phone. */
export const viewports = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;
