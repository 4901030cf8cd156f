import type { ImageCandidate, Post } from '@lps/db';
import { assertReadyForWork } from '../posts/post-states.js';

export const candidatesOf = (post: Post): ImageCandidate[] => (Array.isArray(post.imageCandidates) ? (post.imageCandidates as unknown as ImageCandidate[]) : []);

/** Images may change on any non-published post except while generating and when rejected (docs/api.md). */
export const assertImagesAllowed = (post: Post, action: string): void => assertReadyForWork(post, action);
