const RESERVED = new Set(['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~']);

/**
 * Reads little text as LinkedIn's renderer would. Real LinkedIn silently truncates
 * at an unescaped reserved character; the fake refuses it instead, so a client
 * that forgets to escape fails its tests loudly.
 */
export function readLittleText(commentary: string): { text: string } | { unescaped: string; at: number } {
  let text = '';
  for (let index = 0; index < commentary.length; index += 1) {
    const char = commentary[index] as string;
    if (char === '\\' && index + 1 < commentary.length && RESERVED.has(commentary[index + 1] as string)) {
      text += commentary[index + 1];
      index += 1;
    } else if (RESERVED.has(char)) {
      return { unescaped: char, at: index };
    } else {
      text += char;
    }
  }
  return { text };
}
