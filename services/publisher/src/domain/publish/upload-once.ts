import type { Needs } from '../publisher-context.js';
import type { Claim } from './publication-records.js';

/**
 * An upload made once per publication: the first attempt uploads and keeps the URN
 * with the claim; a retry reuses that URN (an upload LinkedIn is still processing
 * would otherwise be replaced by a new one on every attempt, docs/decisions/0005).
 * A post carries one upload at most (its image, PDF or video, or its link card's thumbnail).
 */
export async function uploadOncePerPublication({ repos }: Needs<'recordPublishMedia'>, claim: Claim, upload: () => Promise<string>): Promise<string> {
  const { post } = claim;
  if (post.publishMediaUrn) return post.publishMediaUrn;
  const urn = await upload();
  const version = await repos.recordPublishMedia(post.id, claim.version, urn);
  claim.post = { ...post, publishMediaUrn: urn };
  if (version) claim.version = version;
  return urn;
}
