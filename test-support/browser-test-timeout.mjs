// A test under a `test/browser/` folder walks a real browser through several pages, each checked by
// axe: 10–30 s alone, and several times that while the other browser files run beside it on two
// cores (CI saw 60 s pass). Those tests get 180 s; every other test keeps jest.config.mjs's 60 s.
import { expect, jest } from '@jest/globals';

if (expect.getState().testPath?.includes('/test/browser/')) jest.setTimeout(180_000);
