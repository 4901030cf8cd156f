import { useEffect, useRef, useState } from 'react';

/**
 * How much a drawing `width` px wide must shrink to fit its container (1 when it fits): the
 * preview draws LinkedIn's columns at their true widths, and on a screen narrower than a column
 * (a phone showing the desktop column) the drawing is scaled down whole, so the lines, and the
 * fold between them, stay exactly as they are.
 */
export function useFit<T extends HTMLElement>(width: number) {
  const ref = useRef<T>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const available = entry?.contentRect.width ?? width;
      setScale(Math.min(1, Math.floor((available / width) * 100) / 100));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return [ref, scale] as const;
}
