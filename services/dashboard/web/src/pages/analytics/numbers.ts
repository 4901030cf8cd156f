/** How the analytics page writes numbers: in the browser's language, rates as percentages. */
const count = new Intl.NumberFormat();
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 });

export const formatCount = (value: number): string => count.format(value);
export const formatRate = (value: number): string => percent.format(value);

/** The change of a figure against the previous period, in words ("up 12%", "no change", "new"). */
export function changeInWords(current: number, previous: number): { words: string; direction: 'up' | 'down' | 'same' } {
  if (current === previous) return { words: 'no change', direction: 'same' };
  if (previous === 0) return { words: `up from 0`, direction: 'up' };
  const ratio = (current - previous) / Math.abs(previous);
  return { words: `${ratio > 0 ? 'up' : 'down'} ${percent.format(Math.abs(ratio))}`, direction: ratio > 0 ? 'up' : 'down' };
}
