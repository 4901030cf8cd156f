-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "publish_error_code" TEXT,
ADD COLUMN     "publish_failed_at" TIMESTAMPTZ(3);

-- The failure inbox (decision 0038): a post failed for good before this column existed has its
-- last_error, is neither scheduled nor published and has no publication in flight (the flags of
-- schedule-expiry-flags.ts are only ever on scheduled posts). When it failed is not known: updated_at.
UPDATE "posts" SET "publish_failed_at" = "updated_at"
 WHERE "last_error" IS NOT NULL AND "status" NOT IN ('scheduled', 'published') AND "publish_requested_at" IS NULL;

-- AlterTable: the stream order of the outbox (decision 0039). Both columns start as constants, so the table
-- is not rewritten, and rows written before this migration sit at position (0, 0), before every new one.
ALTER TABLE "outbox_events" ADD COLUMN     "tx_id" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "seq" BIGINT NOT NULL DEFAULT 0;
CREATE SEQUENCE "outbox_events_seq_seq" OWNED BY "outbox_events"."seq";
ALTER TABLE "outbox_events" ALTER COLUMN "seq" SET DEFAULT nextval('outbox_events_seq_seq'),
ALTER COLUMN "tx_id" SET DEFAULT (pg_current_xact_id())::text::bigint;

-- The failure inbox, newest first (decision 0038): partial, so it holds only the failed posts and is
-- no member index for any other read. Prisma cannot state a partial index: the schema names it in a comment.
CREATE INDEX "posts_failure_inbox_idx" ON "posts"("member_id", "publish_failed_at" DESC, "id" DESC) WHERE "publish_failed_at" IS NOT NULL;

-- CreateIndex
CREATE INDEX "outbox_events_member_id_tx_id_seq_idx" ON "outbox_events"("member_id", "tx_id", "seq");

-- post.changed (decision 0039): a post's state changed in a way no webhook event announces — a
-- publication started (by a request or by the sweeper at the scheduled time), or its status moved
-- other than to published, out of a publication or out of image generation (post.published,
-- post.publish_failed and post.images_ready say those). Written in the statement that changes the
-- row, whichever code path it is, as an outbox row already marked relayed: the live stream reads
-- it, webhooks never carry it. The body's semicolons are written \073 (see the planning migration).
CREATE FUNCTION "lps_post_changed_event"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "outbox_events" ("id", "member_id", "type", "payload", "relayed_at")
  VALUES (gen_random_uuid(), NEW."member_id", ''post.changed'',
          jsonb_build_object(''post_id'', NEW."id", ''status'', NEW."status", ''publishing'', NEW."publish_requested_at" IS NOT NULL),
          now())\073
  RETURN NULL\073
END';

CREATE TRIGGER "posts_changed_event"
  AFTER UPDATE OF "status", "publish_requested_at" ON "posts"
  FOR EACH ROW
  WHEN ((OLD."publish_requested_at" IS NULL AND NEW."publish_requested_at" IS NOT NULL)
     OR (OLD."status" IS DISTINCT FROM NEW."status"
         AND NEW."status" <> 'published'
         AND OLD."status" <> 'generating_images'
         AND NOT (OLD."publish_requested_at" IS NOT NULL AND NEW."publish_requested_at" IS NULL)))
  EXECUTE FUNCTION "lps_post_changed_event"();
