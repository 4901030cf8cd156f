-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "link_preview" JSONB;

