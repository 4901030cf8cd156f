-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "publish_media_urn" TEXT;

