import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type Weight = 'regular' | 'semibold' | 'black';
export type Script = 'latin' | 'cjk' | 'emoji';

/**
 * Fonts ship inside npm packages (never the machine's fonts): Inter for Latin,
 * Greek and Cyrillic, Noto Sans SC (GB2312 subset) for Chinese and kana, and
 * monochrome Noto Emoji. See docs/decisions/0006-image-rendering.md.
 */
const cjkDir = () => join(dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
const FILES: Record<Script, Record<Weight, () => string>> = {
  latin: {
    regular: () => require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
    semibold: () => require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
    black: () => require.resolve('@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf'),
  },
  cjk: {
    regular: () => join(cjkDir(), 'NotoSansHans-Regular.otf'),
    semibold: () => join(cjkDir(), 'NotoSansHans-Bold.otf'),
    black: () => join(cjkDir(), 'NotoSansHans-Bold.otf'),
  },
  emoji: {
    regular: () => require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
    semibold: () => require.resolve('@expo-google-fonts/noto-emoji/600SemiBold/NotoEmoji_600SemiBold.ttf'),
    black: () => require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
  },
};

const cache = new Map<string, fontkit.Font>();

/** Loaded on first use only: a process that never meets a Chinese character never reads the 8 MB CJK font. */
export function fontFor(script: Script, weight: Weight): fontkit.Font {
  const path = FILES[script][weight]();
  let font = cache.get(path);
  if (!font) {
    const opened = fontkit.openSync(path);
    if (!('layout' in opened)) throw new Error(`${path} is a font collection, expected a single font`);
    font = opened;
    cache.set(path, font);
  }
  return font;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/**
 * Which font draws a grapheme: emoji and CJK by their Unicode class, everything
 * else by Inter when it has every code point, falling back to the others.
 * Undefined means no packaged font has it: the caller drops it rather than draw tofu.
 */
export function scriptFor(grapheme: string, weight: Weight): Script | undefined {
  const points = [...grapheme].map((char) => char.codePointAt(0) ?? 0).filter((cp) => cp !== 0xfe0f && cp !== 0x200d);
  const covers = (script: Script) => points.every((cp) => fontFor(script, weight).hasGlyphForCodePoint(cp));
  const order: Script[] =
    EMOJI.test(grapheme) && /[\u0080-\u{10ffff}]/u.test(grapheme) ? ['emoji', 'latin', 'cjk'] : CJK.test(grapheme) ? ['cjk', 'latin', 'emoji'] : ['latin', 'cjk', 'emoji'];
  return order.find(covers);
}
