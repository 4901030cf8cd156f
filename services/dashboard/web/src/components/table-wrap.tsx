import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a narrow screen: a named region a keyboard can focus
 * and scroll (axe's scrollable-region-focusable), the page itself never wider than the phone.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
