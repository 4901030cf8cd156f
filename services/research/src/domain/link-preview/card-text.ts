import { fitText } from '@lps/common';

/**
 * A page's words made fit for a card (controls and NUL, direction overrides and
 * U+FFFD removed, white space collapsed, a long text cut at a word with an
 * ellipsis); null when nothing readable is left.
 */
export const cardText = (raw: string | undefined, max: number): string | null => (raw === undefined ? null : (fitText(raw, max, { atWord: true }) ?? null));
