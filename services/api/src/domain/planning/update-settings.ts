import { settingsToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { DEFAULT_PLANNING } from './posting-slots.js';

export interface SettingsChange {
  time_zone?: string;
  approval_required?: boolean;
}

/**
 * PATCH /settings: the fields given. A new time zone keeps the posting slots at the same wall
 * times (they are stored as wall times); posts already scheduled keep their instants.
 */
export async function updateSettings({ repos }: Needs<'saveMemberSettings'>, memberId: string, change: SettingsChange) {
  const saved = await repos.saveMemberSettings(
    memberId,
    {
      ...(change.time_zone === undefined ? {} : { timeZone: change.time_zone }),
      ...(change.approval_required === undefined ? {} : { approvalRequired: change.approval_required }),
    },
    DEFAULT_PLANNING,
  );
  return settingsToWire(saved);
}
