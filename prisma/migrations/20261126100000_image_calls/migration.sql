-- CreateEnum
CREATE TYPE "ImageRequestKind" AS ENUM ('generate', 'upload', 'overlay');

-- AlterTable
ALTER TABLE "image_requests" ADD COLUMN     "content_type" TEXT,
ADD COLUMN     "kind" "ImageRequestKind" NOT NULL DEFAULT 'generate',
ADD COLUMN     "result" JSONB,
ADD COLUMN     "source_key" TEXT,
ADD COLUMN     "title" TEXT;

