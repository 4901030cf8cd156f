-- CreateTable
CREATE TABLE "post_dropped_files" (
    "post_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "dropped_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_dropped_files_pkey" PRIMARY KEY ("post_id","key")
);

-- AddForeignKey
ALTER TABLE "post_dropped_files" ADD CONSTRAINT "post_dropped_files_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

