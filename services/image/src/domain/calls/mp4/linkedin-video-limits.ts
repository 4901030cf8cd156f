import type { MovieFacts } from './movie-facts.js';

/**
 * LinkedIn's limits for a member's video, as its pages and integrators' guides
 * state them (docs/decisions/0021): MP4, 3 s to 30 min, an aspect ratio between
 * 1:2.4 and 2.4:1. The codecs and the frame size range come from LinkedIn's
 * video ad specs (H.264; 256×144 to 4096×2304), not the Videos API page: UNSURE,
 * so they are kept generous (HEVC too; each side 144–4096 px).
 */
export const VIDEO_LIMITS = {
  minSeconds: 3,
  maxSeconds: 30 * 60,
  /** Width over height, from 1:2.4 (tall) to 2.4:1 (wide). */
  minAspect: 1 / 2.4,
  maxAspect: 2.4,
  minSide: 144,
  maxSide: 4096,
  codecs: { avc1: 'H.264', avc3: 'H.264', hvc1: 'HEVC', hev1: 'HEVC' } as Record<string, string>,
  /** MP4 family brands (ISO, MP4 v1/v2, H.264 in MP4); QuickTime's `qt  ` is not one. */
  brands: /^(isom|iso[2-9a-z]|mp41|mp42|mp71|avc1|M4V |M4VH|M4VP|dash|msnv|3gp[4-9]|3g2[a-c])$/,
} as const;

const formatSeconds = (seconds: number) => (seconds < 60 ? `${Math.round(seconds * 10) / 10} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`);

/** Why LinkedIn would refuse this video, naming the limit; undefined when it fits. */
export function videoLimitProblem(facts: MovieFacts): string | undefined {
  const limits = VIDEO_LIMITS;
  if (!limits.brands.test(facts.majorBrand)) return `the file is not an MP4 (its brand is "${facts.majorBrand.trim()}"); LinkedIn takes MP4 videos`;
  if (!(facts.durationSeconds >= limits.minSeconds)) return `the video lasts ${formatSeconds(facts.durationSeconds)}; LinkedIn takes videos of at least ${limits.minSeconds} s`;
  if (facts.durationSeconds > limits.maxSeconds) return `the video lasts ${formatSeconds(facts.durationSeconds)}; LinkedIn takes videos of at most 30 min`;
  const codec = limits.codecs[facts.codec];
  if (!codec) return `the video is encoded as ${JSON.stringify(facts.codec)}; LinkedIn takes H.264 (avc1) or HEVC (hvc1) video`;
  const { width, height } = facts;
  if (Math.min(width, height) < limits.minSide || Math.max(width, height) > limits.maxSide) {
    return `the video is ${width} × ${height} pixels; each side must be between ${limits.minSide} and ${limits.maxSide} pixels`;
  }
  const aspect = width / height;
  // A hair of tolerance: 600 × 1440 is exactly 1:2.4, whatever the floating point says.
  if (aspect < limits.minAspect - 1e-9 || aspect > limits.maxAspect + 1e-9) {
    return `the video's aspect ratio is ${aspect >= 1 ? `${aspect.toFixed(2)}:1` : `1:${(1 / aspect).toFixed(2)}`} (${width} × ${height}); LinkedIn takes 1:2.4 to 2.4:1`;
  }
  return undefined;
}
