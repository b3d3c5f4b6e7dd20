CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_transcripts" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_transcripts" ADD COLUMN "progress" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_transcripts" ADD COLUMN "confidence" text DEFAULT 'aligned' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_transcripts" ADD COLUMN "focus_ms" integer;--> statement-breakpoint
ALTER TABLE "media_transcripts" ADD COLUMN "cues" jsonb;--> statement-breakpoint
ALTER TABLE "media_transcripts" ADD COLUMN "chunks_done" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media_transcripts" ADD COLUMN "error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","priority","run_at");