export interface Template {
  id: string;
  name: string;
  description: string;
}

/** The built-in catalogue served by GET /templates. */
export const TEMPLATES: readonly Template[] = [
  { id: 'story', name: 'Story', description: 'A short personal story with a turning point and what it taught you.' },
  { id: 'how-to', name: 'How-to list', description: 'Numbered, practical steps the reader can apply today.' },
  { id: 'contrarian', name: 'Contrarian take', description: 'Challenges a common belief and argues for a better one.' },
  { id: 'lesson-learned', name: 'Lesson learned', description: 'A mistake or surprise, what changed, and the rule you keep now.' },
  { id: 'announcement', name: 'Announcement', description: 'News worth sharing: what happened, why it matters, what comes next.' },
];

export const findTemplate = (id: string): Template | undefined => TEMPLATES.find((template) => template.id === id);
