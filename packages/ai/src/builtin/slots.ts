/**
 * What a template takes from the member's text. A writer fills every such slot
 * through a SlotWriter: the provider writes the text as it is; the tests (and a
 * person reviewing drafts) write it between marks, so a check can read exactly
 * what went into each slot and the word that follows it.
 *
 * - `thing`: a noun phrase of the idea naming what it is about ("code reviews");
 * - `people`: a noun phrase of the idea naming people by role or name ("nurses");
 * - `about`: the idea's opening where it follows "about" (a noun phrase or an
 *   embedded question: "why I stopped doing code reviews after 5pm");
 * - `theme`: the theme of a suggested idea ("on-call", "career moves");
 * - `keyword`: the keyword a member researched.
 */
export type SlotKind = 'thing' | 'people' | 'about' | 'theme' | 'keyword';

export type SlotWriter = (kind: SlotKind, text: string) => string;

export const writeSlotAsIs: SlotWriter = (_kind, text) => text;

/** Private-use characters: they never occur in what the writer itself writes. */
export const SLOT_MARKS = { open: '\uE000', separator: '\uE001', close: '\uE002' } as const;

/** The text a member reads: the marks taken out. */
export const withoutMarks = (text: string): string => text.replace(/\uE000[a-z-]+\uE001|\uE002/gu, '');

export const writeSlotMarked: SlotWriter = (kind, text) => `${SLOT_MARKS.open}${kind}${SLOT_MARKS.separator}${text}${SLOT_MARKS.close}`;
