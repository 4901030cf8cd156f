import type { DbOrTx } from '../client.js';
import { planningSettingsOf, type PlanningSettings } from '../wire/member-settings.js';

/** The member's stored planning settings, or null while they have none (the caller applies the defaults). */
export const findMemberSettings = async (db: DbOrTx, memberId: string): Promise<PlanningSettings | null> => {
  const row = await db.memberSettings.findUnique({ where: { memberId } });
  return row ? planningSettingsOf(row) : null;
};

/**
 * PATCH /settings and PUT /schedule: writes the fields given, in one upsert (INSERT … ON CONFLICT),
 * so two first writes at the same moment both land. A member's first write stores `defaults`
 * for the fields it does not give.
 */
export const saveMemberSettings = async (db: DbOrTx, memberId: string, change: Partial<PlanningSettings>, defaults: PlanningSettings): Promise<PlanningSettings> =>
  planningSettingsOf(await db.memberSettings.upsert({ where: { memberId }, create: { memberId, ...defaults, ...change }, update: change }));
