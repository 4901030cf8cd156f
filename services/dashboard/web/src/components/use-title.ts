import { useEffect } from 'react';

/** Each page names itself in the tab and for screen readers that announce the title. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · lps`;
  }, [title]);
}
