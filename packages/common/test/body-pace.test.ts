import { isBehindPace } from '@lps/common';

const pace = { graceMs: 120_000, minBytesPerSecond: 65_536 };

describe('isBehindPace', () => {
  it('lets any body take its grace, however little has arrived', () => {
    expect(isBehindPace(0, 0, pace)).toBe(false);
    expect(isBehindPace(1, 119_999, pace)).toBe(false);
  });

  it('past the grace, asks for the average since the start, not the pace of the last moment', () => {
    // 120 s at 64 KB/s is 7.5 MB: exactly on pace passes, a byte less is behind.
    expect(isBehindPace(7_864_320, 120_000, pace)).toBe(false);
    expect(isBehindPace(7_864_319, 120_000, pace)).toBe(true);
    // A 500 MB video at 1 MB/s is far ahead at any point of its 500 s.
    for (const seconds of [121, 250, 499]) expect(isBehindPace(seconds * 1_048_576, seconds * 1_000, pace)).toBe(false);
  });

  it('catches a sender dripping just under an idle time-out once the grace is over', () => {
    // A byte every 14 s never trips a 15 s idle time-out; after 120 s it has sent 8 bytes.
    expect(isBehindPace(8, 120_000, pace)).toBe(true);
  });
});
