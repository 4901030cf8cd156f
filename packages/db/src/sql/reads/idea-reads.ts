import type { Sql } from '../../client.js';
import type { Idea, IdeaStatus } from '../../generated/prisma/client.js';
import { runPrepared } from '../run-prepared.js';
import { ideaFromRow, type IdeaRow } from '../rows/idea-row.js';

/** GET /ideas: all of a member's ideas (at most MAX_IDEAS_PER_MEMBER), newest first, optionally of one status. */
export async function readIdeas(sql: Sql, memberId: string, status?: IdeaStatus): Promise<Idea[]> {
  const result = status
    ? await runPrepared<IdeaRow>(sql, 'lps-read-ideas-status', 'SELECT * FROM ideas WHERE member_id = $1 AND status = $2::"IdeaStatus" ORDER BY created_at DESC, id DESC', [
        memberId,
        status,
      ])
    : await runPrepared<IdeaRow>(sql, 'lps-read-ideas', 'SELECT * FROM ideas WHERE member_id = $1 ORDER BY created_at DESC, id DESC', [memberId]);
  return result.rows.map(ideaFromRow);
}
