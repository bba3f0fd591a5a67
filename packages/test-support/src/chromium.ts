import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium, type Download } from 'playwright-core';

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
 * The system Chromium, headless. Nothing in the background may reach the network (updates, sync,
 * QUIC): the tests run where only npm and Debian are reachable.
 */
const launchOptions = () => ({
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

/** A Chromium of its own (a tool, or a spec run outside the e2e project). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

/**
 * One Chromium for a whole run of browser specs, started by the e2e global set-up: each spec
 * file connects to it (`connectChromium`) instead of starting a browser of its own.
 */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}

/**
 * The run's shared Chromium when `wsEndpoint` names it, else a new one. Closing what this
 * answers closes the contexts this spec made and disconnects; the shared browser goes on.
 */
export function connectChromium(wsEndpoint: string | undefined): Promise<Browser> {
  return wsEndpoint ? chromium.connect(wsEndpoint) : launchChromium();
}

/** The two screen sizes every spec checks: a laptop and a phone. */
export const viewports = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * The bytes of a file the browser downloaded. Read through Playwright's stream, which works
 * whether the browser is this process's or the run's shared one (`download.path()` does not:
 * the file is on the browser's side of the connection).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
