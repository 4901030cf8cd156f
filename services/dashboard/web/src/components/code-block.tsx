/** Preformatted text that may scroll sideways: focusable, so a keyboard can scroll it, and named for screen readers. */
export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <pre className="code" aria-label={label} tabIndex={0}>
      {children}
    </pre>
  );
}
