import { fitText } from '@lps/common';

/**
 * The title LinkedIn shows on a document post (`content.media.title`): a
 * person's words, never a storage key like `upload-<uuid>.pdf` (docs/decisions/0013).
 */
export const DOCUMENT_TITLE_MAX = 100;

const fit = (text: string): string | undefined => fitText(text, DOCUMENT_TITLE_MAX);

/** An uploaded file's name as a title: the last path part only (either slash), no controls or direction overrides. */
export function titleFromFileName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const base = name.split(/[/\\]/).pop() ?? '';
  const title = fit(base);
  return title && !/^\.+$/.test(title) ? title : undefined;
}

/** The post's first line that has words, as a title; `fallback` when the body has none. */
export function titleFromBody(body: string | null, fallback = 'Document'): string {
  const line = (body ?? '')
    .split('\n')
    .map((candidate) => fit(candidate))
    .find(Boolean);
  return line ?? fallback;
}
