import type { Idea } from '../generated/prisma/client.js';

export const ideaToWire = (idea: Idea) => ({
  id: idea.id,
  title: idea.title,
  angle: idea.angle,
  status: idea.status,
  source: idea.source,
  created_at: idea.createdAt.toISOString(),
});

export type WireIdea = ReturnType<typeof ideaToWire>;
