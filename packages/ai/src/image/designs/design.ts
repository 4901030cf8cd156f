import type { Palette } from '../palettes.js';

/** Everything a design draws from, already extracted from the post and the member. */
export interface DesignInput {
  hook: string;
  scene: string | null;
  name: string;
  headline: string | null;
  initials: string;
  palette: Palette;
  seed: number;
}

/** The words a design draws and how a screen reader should hear the image (decision 0022). */
export interface DesignText {
  /** The main words drawn large (the hook, or its stand-in): an overlay would repeat them. */
  shows: string;
  /** Alt text: what the image is and every word it shows. */
  alt: string;
}

export interface Design {
  name: string;
  /** An SVG document of exactly width × height; all text is drawn as outlines. */
  render(input: DesignInput, size: { width: number; height: number }): string;
  /** What `render` draws, in words, from the same input. */
  describe(input: DesignInput): DesignText;
}

/** LinkedIn's alt text limit (4086, UNSURE: docs/decisions/0022): a body's first line is far shorter, this only bounds it. */
const ALT_TEXT_MAX = 4086;
export const altTextOf = (text: string): string => (text.length > ALT_TEXT_MAX ? `${text.slice(0, ALT_TEXT_MAX - 1)}…` : text);

export const svgDocument = (size: { width: number; height: number }, defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}"><defs>${defs}</defs>${body}</svg>`;

/**
 * What every design lays out by: a margin `m` that scales with the short side, so square
 * and landscape look alike, and whether the canvas is landscape (wider than 1.3:1).
 */
export const frameOf = (size: { width: number; height: number }) => ({
  m: Math.round(Math.min(size.width, size.height) * 0.085),
  landscape: size.width > size.height * 1.3,
});

/** Something to show when the post has no text yet. */
export const orDefault = (text: string, fallback: string) => (text.trim().length > 0 ? text : fallback);
