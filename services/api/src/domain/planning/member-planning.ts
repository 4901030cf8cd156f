import type { PlanningSettings } from '@lps/db';
import type { Needs } from '../deps.js';
import { DEFAULT_PLANNING } from './posting-slots.js';

/** The member's planning settings: what they saved, or the defaults until they save any. */
export const memberPlanning = async ({ repos }: Needs<'findMemberSettings'>, memberId: string): Promise<PlanningSettings> =>
  (await repos.findMemberSettings(memberId)) ?? DEFAULT_PLANNING;
