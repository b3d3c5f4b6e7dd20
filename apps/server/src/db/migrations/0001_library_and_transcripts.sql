CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video" text,
	"audio" text,
	"outline" text DEFAULT '' NOT NULL,
	"plain_text" text DEFAULT '' NOT NULL,
	"is_finished" boolean DEFAULT false NOT NULL,
	"thumbnail" text,
	"duration_seconds" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_seeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_transcripts" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_address" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcript_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"transcript_id" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"text" text NOT NULL,
	"words" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_seeds" ADD CONSTRAINT "library_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD CONSTRAINT "transcript_segments_transcript_id_media_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."media_transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_hash_id_key" ON "articles" USING btree ("hash_id");--> statement-breakpoint
CREATE INDEX "articles_user_id_idx" ON "articles" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_transcripts_address_key" ON "media_transcripts" USING btree ("media_address");--> statement-breakpoint
CREATE UNIQUE INDEX "transcript_segments_span_key" ON "transcript_segments" USING btree ("transcript_id","start_ms","end_ms");--> statement-breakpoint
CREATE INDEX "transcript_segments_start_idx" ON "transcript_segments" USING btree ("transcript_id","start_ms");