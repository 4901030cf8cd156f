-- CreateTable
CREATE TABLE "analytics_connections" (
    "member_id" UUID NOT NULL,
    "access_token_enc" TEXT NOT NULL,
    "refresh_token_enc" TEXT,
    "scopes" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "refresh_expires_at" TIMESTAMPTZ(3),
    "connected_at" TIMESTAMPTZ(3) NOT NULL,
    "disconnected_at" TIMESTAMPTZ(3),
    "disconnect_reason" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "analytics_connections_pkey" PRIMARY KEY ("member_id")
);

-- AddForeignKey
ALTER TABLE "analytics_connections" ADD CONSTRAINT "analytics_connections_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

