/**
 * How LinkedIn lays out a post's text in the feed: every figure the editor's preview uses to draw
 * the "…see more" fold, in one place with where it comes from. LinkedIn documents none of them;
 * they are observations, and each says how sure it is. The NUMBER of lines before the fold is not
 * here: it comes with each preview from the server (`preview.fold`, FOLD in
 * services/api/src/domain/posts/preview-post.ts, decision 0032), so the page and the API never
 * disagree on it.
 */

export interface FeedColumn {
  /** Named in the page ("Desktop", "Phone"). */
  label: string;
  /** Width of the text column in CSS pixels: where lines wrap. */
  widthPx: number;
  source: string;
}

/**
 * The text column of a post in the desktop feed: 552 px at 14 px (postkio.com, "Why your LinkedIn
 * posts fail in the first 3 lines", 2026: "on desktop the container is 552px wide at 14px font
 * size"; the project's research note, /work/shared/notes/dashboard.md, found the same).
 */
export const DESKTOP: FeedColumn = {
  label: 'Desktop',
  widthPx: 552,
  source: 'postkio.com/blog/linkedin-see-more-problem (desktop feed container 552 px at 14 px)',
};

/**
 * The text column on a phone: 375 px, the width of the most common phone screen in CSS pixels
 * (postkio.com, same page: "on mobile it narrows to 375px"). UNSURE: the app's own side margins
 * (about 16 px each) would make the column narrower still; no primary source gives them, so the
 * published figure is used as it is.
 */
export const PHONE: FeedColumn = {
  label: 'Phone',
  widthPx: 375,
  source: 'postkio.com/blog/linkedin-see-more-problem (mobile container 375 px); side margins UNSURE',
};

export const COLUMNS: readonly FeedColumn[] = [DESKTOP, PHONE];

/** Text size in the feed, desktop and apps alike: 14 px (same source as DESKTOP). */
export const FONT_SIZE_PX = 14;

/**
 * Line height: 20 px (1.43). UNSURE — postkio says 1.6; LinkedIn's web feed has been seen at
 * 14/20. It changes how tall the preview is, never where a line wraps or the fold falls.
 */
export const LINE_HEIGHT_PX = 20;

/**
 * LinkedIn sets its feed in the reader's system font (no web font is downloaded for post text),
 * so the preview does the same: lines wrap here as they would on a reader's machine with the same
 * fonts. A reader on another system (Segoe UI against Roboto, say) sees slightly different
 * breaks; the preview shows the fold at both widths so a line near the edge can be spotted.
 */
export const FONT_FAMILY =
  "-apple-system, system-ui, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', 'Fira Sans', Ubuntu, Oxygen, Cantarell, 'Droid Sans', 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji', Helvetica, Arial, sans-serif";

/** The CSS `font` shorthand both the measuring and the drawn preview use. */
export const FEED_FONT = `${FONT_SIZE_PX}px ${FONT_FAMILY}`;

/**
 * What the fold shows in place of the rest: LinkedIn ends the last visible line with "…see more"
 * (the web; the apps say "…more"). John Espirian, "'See more' breakpoints on LinkedIn posts",
 * September 2024: organic posts show 3 lines, 2 when the third is blank, the same number of
 * lines on desktop and mobile — fewer characters on mobile because the column is narrower.
 */
export const SEE_MORE = '…see more';
