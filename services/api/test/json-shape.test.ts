import { JsonShapeScanner } from '../src/http/input/json-shape.js';

/**
 * The scanner sees a body in the chunks the socket delivers: a string, an escape
 * or a bracket may fall on either side of a boundary. Fed whole or byte by byte,
 * it must say the same.
 */
function scan(text: string, chunkBytes: number, limits = { depth: 3, entries: 5 }): string | undefined {
  const bytes = Buffer.from(text, 'utf8');
  const scanner = new JsonShapeScanner(limits);
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    const problem = scanner.push(bytes.subarray(at, at + chunkBytes));
    if (problem) return problem;
  }
  return undefined;
}

const cases: Array<[string, string, RegExp | undefined]> = [
  ['three levels', '{"a":[{"b":1}]}', undefined],
  ['four levels', '{"a":[{"b":[1]}]}', /nested deeper than 3 levels/],
  ['five entries', '{"a":1,"b":[1,2],"c":{}}', undefined],
  ['six entries', '{"a":1,"b":[1,2,3],"c":{}}', /more than 5 fields/],
  ['brackets, colons and commas inside strings do not count', '{"a":"[[[[{:,:,:,:,}]]]]","b":"\\"[[[["}', undefined],
  ['an escaped backslash ends before the quote', '{"a":"\\\\","b":[[[1]]]}', /nested deeper/],
  ['empty arrays hold no item', '{"a":[],"b":[],"c":[],"d":[],"e":[]}', undefined],
  ['multi-byte characters are not brackets', `{"a":"${'€'.repeat(50)}[[[[","b":1}`, undefined],
];

describe('JsonShapeScanner', () => {
  it.each(cases)('%s: the same whole and byte by byte', (_name, text, expected) => {
    for (const chunk of [text.length * 4, 7, 2, 1]) {
      const problem = scan(text, chunk);
      if (expected) expect(problem).toMatch(expected);
      else expect(problem).toBeUndefined();
    }
  });
});
