-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "images" JSONB,
ADD COLUMN     "publish_image_urns" JSONB;

-- AlterTable
ALTER TABLE "image_requests" ADD COLUMN     "alt_text" TEXT;

