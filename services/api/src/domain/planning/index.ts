// What routes, MCP tools and other entries call in planning/: entries import from here, never from the files behind it.
export { getCalendar, type CalendarInput } from './calendar.js';
export { getSchedule } from './get-schedule.js';
export { getSettings } from './get-settings.js';
export { listSlots, type ListSlotsInput } from './list-slots.js';
export { queuePost } from './queue-post.js';
export { setSchedule, type ScheduleChange } from './set-schedule.js';
export { suggestTimes, type GridCell, type SuggestedTime, type Suggestions, type SuggestionsInput } from './suggest-times.js';
export { timeZoneIdOf } from './time-zones.js';
export { unschedulePost } from './unschedule-post.js';
export { updateSettings, type SettingsChange } from './update-settings.js';
