import { fitToLimit } from '../post-length.js';
import { TEMPLATES } from '../templates.js';
import type { IdeaDraft, IdeasRequest, PostDraftRequest, ResearchIdeasRequest, TextProvider } from '../text-provider.js';
import { draftContext, type TemplateWriter } from './draft-context.js';
import { hashtagsFor } from './hashtags.js';
import { ideasForMember } from './member-ideas.js';
import { writeLessonLearned, writeStory } from './narrative-templates.js';
import { hashText, pick, seededRandom } from './random.js';
import { ideasFromNotes } from './research-ideas.js';
import { writeAnnouncement, writeContrarian, writeHowTo } from './structured-templates.js';

const WRITERS: Record<string, TemplateWriter> = {
  story: writeStory,
  'how-to': writeHowTo,
  contrarian: writeContrarian,
  'lesson-learned': writeLessonLearned,
  announcement: writeAnnouncement,
};

/** Seeds tried when a regenerated draft would repeat the previous one. */
const REGENERATE_TRIES = 16;

/**
 * The offline writer: no model, no network. A first draft with a hook, short
 * paragraphs, a concrete takeaway, a question and hashtags, shaped by the
 * template and varied by the seed. Plain text: nothing is escaped.
 */
export class BuiltinTextProvider implements TextProvider {
  readonly name = 'builtin';

  async writePost(request: PostDraftRequest): Promise<{ body: string }> {
    const previous = request.previousBody?.trim();
    let body = this.compose(request, request.seed);
    for (let attempt = 1; attempt < REGENERATE_TRIES && previous !== undefined && body === previous; attempt += 1) {
      body = this.compose(request, request.seed + attempt * 7919);
    }
    return { body };
  }

  private compose(request: PostDraftRequest, seed: number): string {
    const random = seededRandom(seed ^ hashText(request.idea) ^ hashText(request.templateId ?? ''));
    const templateId = request.templateId && WRITERS[request.templateId] ? request.templateId : pick(random, TEMPLATES).id;
    const writer = WRITERS[templateId] ?? writeStory;
    const paragraphs = writer(draftContext(request, random))
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
    const tags = hashtagsFor(request.idea);
    return fitToLimit([...paragraphs, tags].join('\n\n'));
  }

  async generateIdeas(request: IdeasRequest): Promise<IdeaDraft[]> {
    return ideasForMember(request);
  }

  async ideasFromResearch(request: ResearchIdeasRequest): Promise<IdeaDraft[]> {
    return ideasFromNotes(request);
  }
}
