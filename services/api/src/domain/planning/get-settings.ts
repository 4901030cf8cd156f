import { settingsToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { memberPlanning } from './member-planning.js';

/** GET /settings */
export const getSettings = async (deps: Needs<'findMemberSettings'>, memberId: string) => settingsToWire(await memberPlanning(deps, memberId));
