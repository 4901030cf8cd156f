/** Colour sets tuned for contrast (text on background ≥ 4.5:1) and a feed that is mostly white and blue. */
export interface Palette {
  name: string;
  background: string;
  backgroundTo: string;
  text: string;
  muted: string;
  accent: string;
}

export const PALETTES: Palette[] = [
  { name: 'midnight', background: '#0f172a', backgroundTo: '#1e3a8a', text: '#f8fafc', muted: '#cbd5e1', accent: '#38bdf8' },
  { name: 'forest', background: '#052e16', backgroundTo: '#166534', text: '#f0fdf4', muted: '#bbf7d0', accent: '#facc15' },
  { name: 'plum', background: '#3b0764', backgroundTo: '#9d174d', text: '#fdf4ff', muted: '#f5d0fe', accent: '#fb923c' },
  { name: 'ember', background: '#431407', backgroundTo: '#b45309', text: '#fff7ed', muted: '#fed7aa', accent: '#fde047' },
  { name: 'ocean', background: '#083344', backgroundTo: '#0e7490', text: '#ecfeff', muted: '#a5f3fc', accent: '#f472b6' },
];

/** Scene words that pick a mood: "sunset" reads warm, "forest" green, and so on. */
const MOODS: Array<[RegExp, string]> = [
  [/sun|warm|fire|autumn|orange|gold|desert/i, 'ember'],
  [/forest|green|nature|garden|leaf|growth/i, 'forest'],
  [/sea|ocean|water|wave|beach|blue sky|lake/i, 'ocean'],
  [/night|space|star|dark|city|tech|code/i, 'midnight'],
  [/purple|pink|creative|art|music|party/i, 'plum'],
];

/** The scene steers the palette when it names a mood; otherwise the seed picks one. */
export function paletteFor(scene: string | null, seed: number, offset = 0): Palette {
  const mood = scene ? MOODS.find(([pattern]) => pattern.test(scene))?.[1] : undefined;
  const base = mood ? PALETTES.findIndex((palette) => palette.name === mood) : Math.abs(seed) % PALETTES.length;
  return PALETTES[(base + offset) % PALETTES.length] as Palette;
}
