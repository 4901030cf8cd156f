/**
 * LinkedIn's "little text" format reserves these characters; unescaped ones can
 * silently truncate a post even though the API answers 201.
 */
export const LITTLE_TEXT_RESERVED = ['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~'] as const;

const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/** Escapes every reserved character with a backslash (the backslash itself included, so it goes first). */
export const escapeLittleText = (text: string): string => text.replace(RESERVED, (char) => `\\${char}`);

/** The inverse of escapeLittleText: what readers of the post will see. */
export const unescapeLittleText = (text: string): string => text.replace(/\\([\\|{}@[\]()<>#*_~])/g, '$1');
