-- Replays must be the exact bytes of the first answer: jsonb normalises key order and spacing.
-- Records stored before this migration keep their text as jsonb printed it. They expire within 24 h.
ALTER TABLE "idempotency_records" ALTER COLUMN "response_body" TYPE TEXT USING "response_body"::text;
ALTER TABLE "idempotency_records" ADD COLUMN "response_content_type" TEXT;
