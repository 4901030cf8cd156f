/**
 * The title LinkedIn shows on a document post (`content.media.title`): a
 * person's words, never a storage key like `upload-<uuid>.pdf` (docs/decisions/0013).
 */
export const DOCUMENT_TITLE_MAX = 100;

// Controls (NUL included) and the bidirectional overrides/isolates that can make "exe.pdf" read as "fdp.exe".
const INVISIBLE = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;

const fit = (text: string): string | undefined => {
  const clean = text.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  if (!clean) return undefined;
  if (clean.length <= DOCUMENT_TITLE_MAX) return clean;
  // Cut between code points (never half an emoji), within the limit in UTF-16 units as JSON schemas count.
  let cut = '';
  for (const char of clean) {
    if (cut.length + char.length > DOCUMENT_TITLE_MAX - 1) break;
    cut += char;
  }
  return `${cut.trimEnd()}…`;
};

/** An uploaded file's name as a title: the last path part only (either slash), no controls or direction overrides. */
export function titleFromFileName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const base = name.split(/[/\\]/).pop() ?? '';
  const title = fit(base);
  return title && !/^\.+$/.test(title) ? title : undefined;
}

/** The post's first line that has words, as a title; `fallback` when the body has none. */
export function titleFromBody(body: string | null, fallback = 'Document'): string {
  const line = (body ?? '').split('\n').map((candidate) => fit(candidate)).find(Boolean);
  return line ?? fallback;
}
