import { fitToLimit } from '../post-length.js';
import { TEMPLATES } from '../templates.js';
import type { PostDraftRequest } from '../text-provider.js';
import { draftContext, type TemplateWriter } from './draft-context.js';
import { hashtagsFor } from './hashtags.js';
import { writeLessonLearned, writeStory } from './narrative-templates.js';
import { hashText, pick, seededRandom } from './random.js';
import type { SlotWriter } from './slots.js';
import { writeAnnouncement, writeContrarian, writeHowTo } from './structured-templates.js';

const WRITERS: Record<string, TemplateWriter> = {
  story: writeStory,
  'how-to': writeHowTo,
  contrarian: writeContrarian,
  'lesson-learned': writeLessonLearned,
  announcement: writeAnnouncement,
};

/**
 * One draft for this request and seed: the template's paragraphs, the
 * hashtags, fitted to the network's limit. `slot` writes what the template
 * takes from the idea (as is for the member; between marks for the checks).
 */
export function composeDraft(request: PostDraftRequest, seed: number, slot: SlotWriter): string {
  const random = seededRandom(seed ^ hashText(request.idea) ^ hashText(request.templateId ?? ''));
  const templateId = request.templateId && WRITERS[request.templateId] ? request.templateId : pick(random, TEMPLATES).id;
  const writer = WRITERS[templateId] ?? writeStory;
  const paragraphs = writer(draftContext(request, random, slot))
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const tags = hashtagsFor(request.idea);
  return fitToLimit([...paragraphs, tags].join('\n\n'));
}
