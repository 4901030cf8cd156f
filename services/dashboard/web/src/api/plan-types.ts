/** Wire types of the planning and learning pages (docs/api.md; the studio's additions). */
import type { PostStatus } from './types.js';
import type { DayName } from '../time/zoned.js';

export interface MemberSettings {
  time_zone: string;
  approval_required: boolean;
}

export interface ScheduleSlot {
  day: DayName;
  time: string;
}

export interface PostingSchedule {
  time_zone: string;
  slots: ScheduleSlot[];
}

/** One instant of the posting schedule (`GET /schedule/slots`). */
export interface SlotInstant {
  at: string;
  local: string;
  post_id: string | null;
}

export interface CalendarEntry {
  post_id: string;
  status: PostStatus;
  /** scheduled_at for a scheduled post, published_at for a published one. */
  at: string;
  /** `YYYY-MM-DDTHH:MM` in the member's zone. */
  local: string;
  title: string;
  format: string;
  network_url: string | null;
}

export interface FreeSlot {
  at: string;
  local: string;
}

export interface Calendar {
  time_zone: string;
  entries: CalendarEntry[];
  free_slots: FreeSlot[];
  /** More posts than the server lists fell in the range (only the first are listed). */
  truncated?: boolean;
}

export type IdeaStatus = 'new' | 'used' | 'dismissed';

export interface Idea {
  id: string;
  title: string;
  angle: string | null;
  status: IdeaStatus;
  source: 'generated' | 'research' | 'manual';
  created_at: string;
}

export interface ResearchAccepted {
  status: string;
  poll: string;
  research_id?: string;
}

export interface Research {
  id: string;
  keyword: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  error: string | null;
  idea_ids: string[];
}

export interface Kpis {
  posts_published: number;
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  avg_engagement_rate: number;
}

export interface AnalyticsSummary {
  days: number;
  current: Kpis;
  previous: Kpis;
  source: 'sandbox' | 'linkedin' | null;
  available: boolean;
  unavailable_reason: string | null;
}

export interface PostMetrics {
  post_id: string;
  title: string;
  published_at: string;
  network_url: string | null;
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  engagement_rate: number;
}

export interface MetricsSnapshot {
  at: string;
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  engagement_rate: number;
}

export interface SuggestionCell {
  day: DayName;
  hour: number;
  posts: number;
  score: number | null;
}

export interface Suggestions {
  basis: 'history' | 'default';
  posts_considered: number;
  times: { day: DayName; time: string; score: number | null }[];
  grid?: SuggestionCell[];
}
