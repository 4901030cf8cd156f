-- AlterEnum
ALTER TYPE "PostFormat" ADD VALUE 'poll';

-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "poll" JSONB;

