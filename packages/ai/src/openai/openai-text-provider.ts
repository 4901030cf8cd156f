import { fitToLimit } from '../post-length.js';
import { renderPrompt } from '../prompts/prompt-files.js';
import type { ResearchNote } from '../research-provider.js';
import { findTemplate } from '../templates.js';
import {
  MAX_IDEA_ANGLE_LENGTH,
  MAX_POST_LENGTH,
  type IdeaDraft,
  type IdeasRequest,
  type MemberProfile,
  type PostDraftRequest,
  type ResearchIdeasRequest,
  type TextProvider,
} from '../text-provider.js';
import { shorten } from '../builtin/text-tools.js';
import { ChatClient, type ChatClientOptions } from './chat-client.js';
import { ideasAnswerSchema, postAnswerSchema } from './output-schemas.js';

const memberValues = (member: MemberProfile) => ({
  display_name: member.displayName ?? '(not given)',
  headline: member.headline ?? '(not given)',
  company: member.companyName ?? '(not given)',
});

const notesText = (notes: ResearchNote[] | undefined): string =>
  notes && notes.length > 0 ? notes.map((note) => `- ${note.title}: ${note.snippet}${note.url ? ` (${note.url})` : ''}`).join('\n') : '(none)';

const avoidText = (titles: string[]): string =>
  titles.length > 0
    ? titles
        .slice(0, 50)
        .map((title) => `- ${title}`)
        .join('\n')
    : '(none)';

/** Dedupes by title (case-insensitive), drops titles already taken, caps the count. */
function cleanIdeas(ideas: IdeaDraft[], avoid: string[], count: number): IdeaDraft[] {
  const taken = new Set(avoid.map((title) => title.trim().toLowerCase()));
  return ideas
    .filter((idea) => {
      const key = idea.title.toLowerCase();
      if (taken.has(key)) return false;
      taken.add(key);
      return true;
    })
    .slice(0, count)
    .map((idea) => ({ title: idea.title, angle: idea.angle ? shorten(idea.angle, MAX_IDEA_ANGLE_LENGTH) : null }));
}

/** Any OpenAI-compatible Chat Completions endpoint (OpenAI, Azure, Ollama, vLLM, LM Studio). */
export class OpenAiTextProvider implements TextProvider {
  readonly name = 'openai';
  private readonly chat: ChatClient;

  constructor(options: ChatClientOptions) {
    this.chat = new ChatClient(options);
  }

  async writePost(request: PostDraftRequest): Promise<{ body: string }> {
    const template = request.templateId ? findTemplate(request.templateId) : undefined;
    const prompt = renderPrompt('write-post', {
      ...memberValues(request.member),
      max_length: String(MAX_POST_LENGTH),
      template: template ? `${template.name}: ${template.description}` : 'Choose the shape that suits the idea best.',
      idea: request.idea,
      angle: request.angle ?? '(none)',
      research: notesText(request.research),
      previous: request.previousBody ? `Write a clearly different draft from this previous one:\n${request.previousBody}` : '',
    });
    const answer = await this.chat.completeJson(prompt, postAnswerSchema, request.seed);
    return { body: fitToLimit(answer.body) };
  }

  async generateIdeas(request: IdeasRequest): Promise<IdeaDraft[]> {
    const prompt = renderPrompt('generate-ideas', { ...memberValues(request.member), count: String(request.count), avoid: avoidText(request.avoid) });
    const answer = await this.chat.completeJson(prompt, ideasAnswerSchema, request.seed);
    return cleanIdeas(answer.ideas, request.avoid, request.count);
  }

  async ideasFromResearch(request: ResearchIdeasRequest): Promise<IdeaDraft[]> {
    const prompt = renderPrompt('research-ideas', {
      ...memberValues(request.member),
      keyword: request.keyword,
      notes: notesText(request.notes),
      count: String(request.count),
      avoid: avoidText(request.avoid),
    });
    const answer = await this.chat.completeJson(prompt, ideasAnswerSchema, request.seed);
    return cleanIdeas(answer.ideas, request.avoid, request.count);
  }
}
