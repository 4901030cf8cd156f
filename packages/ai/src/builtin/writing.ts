// What the builtin writer writes with, loaded together on first use (builtin-text-provider.ts).
export { composeDraft } from './compose-draft.js';
export { ideasForMember } from './member-ideas.js';
export { ideasFromNotes } from './research-ideas.js';
export { writeSlotAsIs } from './slots.js';
