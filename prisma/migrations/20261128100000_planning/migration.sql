-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "review_note" TEXT,
ADD COLUMN     "status_before_schedule" "PostStatus";

-- CreateTable
CREATE TABLE "member_settings" (
    "member_id" UUID NOT NULL,
    "time_zone" TEXT NOT NULL DEFAULT 'UTC',
    "approval_required" BOOLEAN NOT NULL DEFAULT false,
    "posting_slots" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "member_settings_pkey" PRIMARY KEY ("member_id")
);

-- CreateIndex
CREATE INDEX "posts_member_id_scheduled_at_idx" ON "posts"("member_id", "scheduled_at");

-- AddForeignKey
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Review follows content (decision 0031), in the statement that changes the content, whichever
-- code path writes it (PATCH, regenerate, select-image, an upload the image service attaches):
-- a rejected post whose body is edited is back to draft_saved, and with approval_required, a post
-- that is approved (or scheduled after its approval) and whose content changes is back to
-- draft_saved and, if scheduled, unscheduled: it must be reviewed again before it goes out.
-- The link card's page, read later by a job, is not the member's content: only the card's
-- url and the member's own choices count. The body's semicolons are written \073 (an E''
-- string): the pg adapter under Prisma's JS schema engine splits a migration at every semicolon.
CREATE FUNCTION "lps_post_review_follows_content"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF OLD."status" = ''rejected'' AND NEW."status" = ''rejected'' AND NEW."body" IS DISTINCT FROM OLD."body" THEN
    NEW."status" := ''draft_saved''\073
    RETURN NEW\073
  END IF\073
  IF NOT (NEW."status" = ''approved'' OR (NEW."status" = ''scheduled'' AND NEW."status_before_schedule" = ''approved'')) THEN
    RETURN NEW\073
  END IF\073
  IF NOT COALESCE((SELECT "approval_required" FROM "member_settings" WHERE "member_id" = NEW."member_id"), false) THEN
    RETURN NEW\073
  END IF\073
  IF NEW."status" = ''scheduled'' THEN
    NEW."scheduled_at" := NULL\073
    NEW."status_before_schedule" := NULL\073
  END IF\073
  NEW."status" := ''draft_saved''\073
  RETURN NEW\073
END';

CREATE TRIGGER "posts_review_follows_content"
  BEFORE UPDATE OF "body", "image_url", "images", "format", "link_preview" ON "posts"
  FOR EACH ROW
  WHEN (OLD."body" IS DISTINCT FROM NEW."body"
     OR OLD."image_url" IS DISTINCT FROM NEW."image_url"
     OR OLD."images" IS DISTINCT FROM NEW."images"
     OR OLD."format" IS DISTINCT FROM NEW."format"
     OR (OLD."link_preview" -> 'url') IS DISTINCT FROM (NEW."link_preview" -> 'url')
     OR (OLD."link_preview" -> 'member') IS DISTINCT FROM (NEW."link_preview" -> 'member'))
  EXECUTE FUNCTION "lps_post_review_follows_content"();
