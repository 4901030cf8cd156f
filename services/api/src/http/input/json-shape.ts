/**
 * The most a JSON body may hold besides its 1 MB: how deep it nests and how
 * many object fields and array items it has in all. A real request (the largest
 * is a batch of 10 MCP calls) needs a few dozen of each; a body past them is a
 * hopeless one, and refusing it from its bytes costs one pass over them instead
 * of a parse, a validation and an answer each as large as the body
 * (docs/decisions/0018-hostile-input-limits.md).
 */
export const JSON_LIMITS = { bytes: 1024 * 1024, depth: 20, entries: 1_000 } as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * Why the UTF-8 JSON text in `bytes` is beyond JSON_LIMITS, or undefined. One
 * pass, no allocation, stopping at the first limit passed. It only counts: text
 * that is not JSON at all is left for the parser to refuse. In UTF-8 every byte
 * of a multi-byte character is ≥ 0x80, so none can be mistaken for a quote or a
 * bracket.
 */
export function jsonShapeProblem(bytes: Uint8Array, limits: { depth: number; entries: number } = JSON_LIMITS): string | undefined {
  // Whether each open container is an array (1) or an object (0); one slot per allowed level.
  const isArray = new Uint8Array(limits.depth + 2);
  let depth = 0;
  let entries = 0;
  let inString = false;
  let arrayJustOpened = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] as number;
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (isWhitespace(byte)) continue;
    if (arrayJustOpened) {
      arrayJustOpened = false;
      // The first item of a non-empty array (every later one follows a comma).
      if (byte !== CLOSE_ARRAY) entries += 1;
    }
    switch (byte) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        depth += 1;
        if (depth > limits.depth) return `nested deeper than ${limits.depth} levels`;
        isArray[depth] = byte === OPEN_ARRAY ? 1 : 0;
        arrayJustOpened = byte === OPEN_ARRAY;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        depth = Math.max(0, depth - 1);
        break;
      case COLON:
        entries += 1;
        break;
      case COMMA:
        if (depth > 0 && isArray[depth] === 1) entries += 1;
        break;
      default:
        break;
    }
    if (entries > limits.entries) return `more than ${limits.entries.toLocaleString('en-US')} fields and array items`;
  }
  return undefined;
}
