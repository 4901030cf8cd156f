import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The dialog's buttons (its primary action and a way out). */
  footer: ReactNode;
  /** Describes the dialog for assistive technology (a warning, the consequence of a confirmation). */
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog on the browser's own <dialog>: focus is held inside while it is open, Escape
 * closes it, and focus returns to the control that opened it.
 */
export function Dialog({ open, title, onClose, children, footer, describedBy, role = 'dialog' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      onClose();
      (opener.current as HTMLElement | null)?.focus?.();
    };
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, [onClose]);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} aria-describedby={describedBy} role={role === 'alertdialog' ? 'alertdialog' : undefined}>
      {open ? (
        <>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <div className="dialog-body">{children}</div>
          <div className="dialog-footer">{footer}</div>
        </>
      ) : null}
    </dialog>
  );
}
