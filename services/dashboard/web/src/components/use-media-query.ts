import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following it as the window changes (a phone turned, a window narrowed). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}
