CREATE TABLE "shadow_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"segment_start_ms" integer NOT NULL,
	"segment_end_ms" integer NOT NULL,
	"text" text NOT NULL,
	"audio" text NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'scoring' NOT NULL,
	"score" real,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "audio" text;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "audio_source" jsonb;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "audio_status" text;--> statement-breakpoint
ALTER TABLE "shadow_takes" ADD CONSTRAINT "shadow_takes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shadow_takes" ADD CONSTRAINT "shadow_takes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shadow_takes_user_segment_idx" ON "shadow_takes" USING btree ("user_id","article_id","segment_start_ms","created_at");