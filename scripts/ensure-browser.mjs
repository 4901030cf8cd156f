// The dashboard's tests drive a real browser: Debian's Chromium through playwright-core
// (Playwright's own browser download cannot work offline). Missing, it is installed when
// this machine allows it (root and apt-get); otherwise the run says exactly how, and fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = () => process.env.LPS_CHROMIUM || '/usr/bin/chromium';

export function ensureBrowser({ say }) {
  const path = chromiumPath();
  if (existsSync(path)) return;
  const canInstall = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0 && !process.env.LPS_CHROMIUM;
  if (canInstall) {
    say('installing Debian’s chromium for the dashboard’s browser tests (apt-get install chromium)');
    let result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: ['ignore', 2, 2] });
    if (result.status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: ['ignore', 2, 2] });
      result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: ['ignore', 2, 2] });
    }
    if (result.status === 0 && existsSync(path)) return;
  }
  say(
    `the dashboard's browser tests need Chromium at ${path}, and it is not there.\n` +
      '      Install it: sudo apt-get install chromium   (Debian/Ubuntu; the package provides /usr/bin/chromium)\n' +
      '      or point LPS_CHROMIUM at a Chromium or Chrome binary. Playwright’s own browser download is not used.',
  );
  process.exit(1);
}
