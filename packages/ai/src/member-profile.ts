/**
 * Who the text is written for: goes into every prompt. Its own file because both
 * providers (text and research) take it, and neither should import the other.
 */
export interface MemberProfile {
  displayName: string | null;
  headline: string | null;
  companyName: string | null;
}
