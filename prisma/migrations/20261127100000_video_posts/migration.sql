-- AlterEnum
ALTER TYPE "PostFormat" ADD VALUE 'video';

