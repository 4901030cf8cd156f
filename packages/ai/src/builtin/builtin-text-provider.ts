import type { IdeaDraft, IdeasRequest, PostDraftRequest, ResearchIdeasRequest, TextProvider } from '../text-provider.js';

// The writer is loaded when it first writes: its English reader (compromise) takes about half a second
// of CPU to load, which a process that never writes with it (a worker, an API with an AI provider, most
// test files) should not pay at start.
let writing: Promise<typeof import('./writing.js')> | undefined;
const loadWriting = () => (writing ??= import('./writing.js'));

/** Seeds tried when a regenerated draft would repeat the previous one. */
const REGENERATE_TRIES = 16;

/**
 * The offline writer: no model, no network. It reads the idea first (its
 * subject, the people it names, the kind of sentence it is: idea-reading.ts),
 * then writes a first draft with a hook, short paragraphs, a concrete takeaway,
 * a question and hashtags, shaped by the template and varied by the seed.
 * Plain text: nothing is escaped.
 */
export class BuiltinTextProvider implements TextProvider {
  readonly name = 'builtin';

  async writePost(request: PostDraftRequest): Promise<{ body: string }> {
    const { composeDraft, writeSlotAsIs } = await loadWriting();
    const previous = request.previousBody?.trim();
    let body = composeDraft(request, request.seed, writeSlotAsIs);
    for (let attempt = 1; attempt < REGENERATE_TRIES && previous !== undefined && body === previous; attempt += 1) {
      body = composeDraft(request, request.seed + attempt * 7919, writeSlotAsIs);
    }
    return { body };
  }

  async generateIdeas(request: IdeasRequest): Promise<IdeaDraft[]> {
    return (await loadWriting()).ideasForMember(request);
  }

  async ideasFromResearch(request: ResearchIdeasRequest): Promise<IdeaDraft[]> {
    return (await loadWriting()).ideasFromNotes(request);
  }
}
