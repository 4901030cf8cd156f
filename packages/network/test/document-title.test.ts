import { DOCUMENT_TITLE_MAX, titleFromBody, titleFromFileName } from '@lps/network';

describe('document titles for LinkedIn', () => {
  it.each([
    ['deck.pdf', 'deck.pdf'],
    ['/var/tmp/../deck.pdf', 'deck.pdf'],
    ['C:\\fakepath\\deck.pdf', 'deck.pdf'],
    ['a\u0000b\u0007c.pdf', 'a b c.pdf'],
    ['\u202Efdp.exe', 'fdp.exe'],
    ['\u2066isolated\u2069 name\u200F.pdf', 'isolated name .pdf'],
    ['  spaced \n name.pdf ', 'spaced name.pdf'],
    ['...', undefined],
    ['dir/', undefined],
    ['\u0000\u0001', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('the file name %j gives the title %j', (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });

  it('a 10 KB name (emoji included) is cut between code points to at most the limit, counted as JSON schemas count', () => {
    const title = titleFromFileName(`${'😀'.repeat(5_000)}.pdf`) as string;
    expect(title.length).toBeLessThanOrEqual(DOCUMENT_TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    expect(title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("takes the post's first line with words, else a plain word", () => {
    expect(titleFromBody('\n  \nLaunch day: what we learned\nmore text')).toBe('Launch day: what we learned');
    expect(titleFromBody('   \n\u202E\n')).toBe('Document');
    expect(titleFromBody(null)).toBe('Document');
  });
});
