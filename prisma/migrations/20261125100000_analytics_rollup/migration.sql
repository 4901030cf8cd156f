-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "analytics_comments" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "analytics_engagement" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "analytics_engagement_rate" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "analytics_impressions" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "analytics_likes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "analytics_next_refresh_at" TIMESTAMPTZ(3),
ADD COLUMN     "analytics_shares" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "analytics_source" TEXT;

-- CreateTable
CREATE TABLE "member_analytics" (
    "member_id" UUID NOT NULL,
    "posts_published" INTEGER NOT NULL DEFAULT 0,
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "likes" BIGINT NOT NULL DEFAULT 0,
    "comments" BIGINT NOT NULL DEFAULT 0,
    "shares" BIGINT NOT NULL DEFAULT 0,
    "engagement_rate_sum" DECIMAL(24,4) NOT NULL DEFAULT 0,

    CONSTRAINT "member_analytics_pkey" PRIMARY KEY ("member_id")
);

-- CreateIndex
CREATE INDEX "posts_member_id_status_analytics_engagement_analytics_impre_idx" ON "posts"("member_id", "status", "analytics_engagement" DESC, "analytics_impressions" DESC, "published_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "posts_status_analytics_next_refresh_at_idx" ON "posts"("status", "analytics_next_refresh_at");

-- AddForeignKey
ALTER TABLE "member_analytics" ADD CONSTRAINT "member_analytics_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Backfill (decision 0012): each post's current numbers from its newest snapshot.
UPDATE "posts" p
   SET "analytics_impressions" = s."impressions", "analytics_likes" = s."likes", "analytics_comments" = s."comments",
       "analytics_shares" = s."shares", "analytics_engagement" = s."likes" + s."comments" + s."shares",
       "analytics_engagement_rate" = s."engagement_rate", "analytics_source" = s."source",
       "analytics_refreshed_at" = s."fetched_at"
  FROM (
    SELECT DISTINCT ON ("post_id") * FROM "post_analytics_snapshots" ORDER BY "post_id", "fetched_at" DESC, "id" DESC
  ) s
 WHERE p."id" = s."post_id";

-- Backfill: each member's rollup over their published posts.
INSERT INTO "member_analytics" ("member_id", "posts_published", "impressions", "likes", "comments", "shares", "engagement_rate_sum")
SELECT "member_id", count(*), sum("analytics_impressions"), sum("analytics_likes"), sum("analytics_comments"), sum("analytics_shares"),
       sum("analytics_engagement_rate"::numeric)
  FROM "posts" WHERE "status" = 'published' GROUP BY "member_id";

-- From now on the rollup follows every change of a published post (or of a post to or from
-- published) in the transaction that makes it, whichever code path writes the post.
-- The body's semicolons are written \073 (an E'' string): the pg adapter under Prisma's
-- JS schema engine splits a migration at every semicolon, in quotes or not.
CREATE FUNCTION "lps_member_analytics_rollup"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  d_posts integer := 0\073
  d_impressions bigint := 0\073
  d_likes bigint := 0\073
  d_comments bigint := 0\073
  d_shares bigint := 0\073
  d_rate numeric := 0\073
BEGIN
  IF TG_OP <> ''INSERT'' AND OLD."status" = ''published'' THEN
    d_posts := -1\073
    d_impressions := -OLD."analytics_impressions"\073
    d_likes := -OLD."analytics_likes"\073
    d_comments := -OLD."analytics_comments"\073
    d_shares := -OLD."analytics_shares"\073
    d_rate := -OLD."analytics_engagement_rate"::numeric\073
  END IF\073
  IF TG_OP = ''DELETE'' THEN
    -- A deleted member''s rows may be gone already (cascade): nothing to insert then.
    UPDATE "member_analytics" SET "posts_published" = "posts_published" + d_posts,
           "impressions" = "impressions" + d_impressions, "likes" = "likes" + d_likes, "comments" = "comments" + d_comments,
           "shares" = "shares" + d_shares, "engagement_rate_sum" = "engagement_rate_sum" + d_rate
     WHERE "member_id" = OLD."member_id"\073
    RETURN NULL\073
  END IF\073
  IF TG_OP = ''UPDATE'' AND OLD."member_id" <> NEW."member_id" AND OLD."status" = ''published'' THEN
    UPDATE "member_analytics" SET "posts_published" = "posts_published" + d_posts,
           "impressions" = "impressions" + d_impressions, "likes" = "likes" + d_likes, "comments" = "comments" + d_comments,
           "shares" = "shares" + d_shares, "engagement_rate_sum" = "engagement_rate_sum" + d_rate
     WHERE "member_id" = OLD."member_id"\073
    d_posts := 0\073 d_impressions := 0\073 d_likes := 0\073 d_comments := 0\073 d_shares := 0\073 d_rate := 0\073
  END IF\073
  IF NEW."status" = ''published'' THEN
    d_posts := d_posts + 1\073
    d_impressions := d_impressions + NEW."analytics_impressions"\073
    d_likes := d_likes + NEW."analytics_likes"\073
    d_comments := d_comments + NEW."analytics_comments"\073
    d_shares := d_shares + NEW."analytics_shares"\073
    d_rate := d_rate + NEW."analytics_engagement_rate"::numeric\073
  END IF\073
  IF d_posts <> 0 OR d_impressions <> 0 OR d_likes <> 0 OR d_comments <> 0 OR d_shares <> 0 OR d_rate <> 0 THEN
    INSERT INTO "member_analytics" AS m ("member_id", "posts_published", "impressions", "likes", "comments", "shares", "engagement_rate_sum")
    VALUES (NEW."member_id", d_posts, d_impressions, d_likes, d_comments, d_shares, d_rate)
    ON CONFLICT ("member_id") DO UPDATE SET "posts_published" = m."posts_published" + EXCLUDED."posts_published",
           "impressions" = m."impressions" + EXCLUDED."impressions", "likes" = m."likes" + EXCLUDED."likes",
           "comments" = m."comments" + EXCLUDED."comments", "shares" = m."shares" + EXCLUDED."shares",
           "engagement_rate_sum" = m."engagement_rate_sum" + EXCLUDED."engagement_rate_sum"\073
  END IF\073
  RETURN NULL\073
END';

-- Fired only where the rollup can change: writes that touch no status nor number (the
-- publish request and claim, edits, image work) do not call it.
CREATE TRIGGER "posts_member_analytics_insert" AFTER INSERT ON "posts"
  FOR EACH ROW WHEN (NEW."status" = 'published') EXECUTE FUNCTION "lps_member_analytics_rollup"();
CREATE TRIGGER "posts_member_analytics_update"
  AFTER UPDATE OF "status", "member_id", "analytics_impressions", "analytics_likes", "analytics_comments", "analytics_shares", "analytics_engagement_rate" ON "posts"
  FOR EACH ROW WHEN (OLD."status" = 'published' OR NEW."status" = 'published') EXECUTE FUNCTION "lps_member_analytics_rollup"();
CREATE TRIGGER "posts_member_analytics_delete" AFTER DELETE ON "posts"
  FOR EACH ROW WHEN (OLD."status" = 'published') EXECUTE FUNCTION "lps_member_analytics_rollup"();
