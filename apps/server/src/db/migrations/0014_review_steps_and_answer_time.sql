ALTER TABLE "decks" ADD COLUMN "answer_buttons" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_logs" ADD COLUMN "time_ms" integer;