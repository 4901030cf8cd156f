/** Which of a member's LinkedIn grants an event is about: the share app's (posting) or the analytics app's. */
export type GrantName = 'share' | 'analytics';

/** Where a product gets a fresh authorize link for the member (docs/building-on-lps.md). */
export const RECONNECT_HINT = { method: 'POST', path: '/api/v1/me/connection/links' } as const;

export interface ConnectionEventFacts {
  memberId: string;
  grant: GrantName;
  /** When the grant ends (ending, ended) or was refused (revoked). */
  endsAt: Date;
  /** connection.ending: the warning threshold crossed, in days (LPS_CONNECTION_WARNING_DAYS). */
  days?: number;
}

/** `data` of connection.ending, connection.ended and connection.revoked (docs/webhooks.md). */
export const connectionEventData = (facts: ConnectionEventFacts) => ({
  member_id: facts.memberId,
  grant: facts.grant,
  ends_at: facts.endsAt.toISOString(),
  ...(facts.days === undefined ? {} : { days: facts.days }),
  reconnect: RECONNECT_HINT,
});
