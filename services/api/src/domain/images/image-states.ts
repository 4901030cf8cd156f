import type { Post } from '@lps/db';
import { assertReadyForWork } from '../posts/post-states.js';

/** Images may change on any non-published post except while generating and when rejected (docs/api.md). */
export const assertImagesAllowed = (post: Post, action: string): void => assertReadyForWork(post, action);
