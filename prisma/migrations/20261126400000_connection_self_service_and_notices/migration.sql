-- AlterTable
ALTER TABLE "oauth_states" ADD COLUMN     "return_to" TEXT;

-- CreateTable
CREATE TABLE "connection_notices" (
    "id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "grant" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "days" INTEGER NOT NULL,
    "grant_connected_at" TIMESTAMPTZ(3) NOT NULL,
    "outbox_event_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connection_notices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "connection_notices_member_id_grant_kind_days_grant_connecte_key" ON "connection_notices"("member_id", "grant", "kind", "days", "grant_connected_at");

-- AddForeignKey
ALTER TABLE "connection_notices" ADD CONSTRAINT "connection_notices_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

