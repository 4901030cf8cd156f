import type { DbOrTx } from '../client.js';

/** A post the schedule sweep makes sure has its publish job. */
export interface PublicationToSweep {
  id: string;
  scheduledAt: Date | null;
  publishRequestedAt: Date | null;
}

/**
 * The publications that should have a publish job by now, soonest first: scheduled
 * posts due by `scheduledBy` (nothing in flight yet) and unpublished posts whose
 * publication was requested at or before `requestedBefore`.
 */
export const findPublicationsToSweep = (
  db: DbOrTx,
  { scheduledBy, requestedBefore, limit }: { scheduledBy: Date; requestedBefore: Date; limit: number },
): Promise<PublicationToSweep[]> =>
  db.post.findMany({
    where: {
      OR: [
        { status: 'scheduled', scheduledAt: { lte: scheduledBy }, publishRequestedAt: null },
        { status: { not: 'published' }, publishRequestedAt: { not: null, lte: requestedBefore } },
      ],
    },
    select: { id: true, scheduledAt: true, publishRequestedAt: true },
    orderBy: { scheduledAt: 'asc' },
    take: limit,
  });
