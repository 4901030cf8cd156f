import { scheduleToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { memberPlanning } from './member-planning.js';

/** GET /schedule */
export const getSchedule = async (deps: Needs<'findMemberSettings'>, memberId: string) => scheduleToWire(await memberPlanning(deps, memberId));
