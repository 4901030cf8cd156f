import type { Idea, IdeaSource, IdeaStatus } from '../../generated/prisma/client.js';

/** An `ideas` row as pg returns it (mapped column names, timestamps as Date). */
export interface IdeaRow {
  id: string;
  member_id: string;
  title: string;
  angle: string | null;
  status: IdeaStatus;
  source: IdeaSource;
  post_id: string | null;
  research_request_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The one snake_case → `Idea` mapping for plain SQL: `ideaToWire` then serves SQL and Prisma reads alike. */
export const ideaFromRow = (row: IdeaRow): Idea => ({
  id: row.id,
  memberId: row.member_id,
  title: row.title,
  angle: row.angle,
  status: row.status,
  source: row.source,
  postId: row.post_id,
  researchRequestId: row.research_request_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
