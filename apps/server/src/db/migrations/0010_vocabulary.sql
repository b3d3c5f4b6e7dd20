CREATE TABLE "known_words_daily" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"known" integer NOT NULL,
	CONSTRAINT "known_words_daily_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "transcript_lemmas" (
	"transcript_id" integer NOT NULL,
	"lemma" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "transcript_lemmas_transcript_id_lemma_pk" PRIMARY KEY("transcript_id","lemma")
);
--> statement-breakpoint
CREATE TABLE "user_words" (
	"user_id" integer NOT NULL,
	"lemma" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_words_user_id_lemma_pk" PRIMARY KEY("user_id","lemma")
);
--> statement-breakpoint
ALTER TABLE "known_words_daily" ADD CONSTRAINT "known_words_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_lemmas" ADD CONSTRAINT "transcript_lemmas_transcript_id_media_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."media_transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_words" ADD CONSTRAINT "user_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcript_lemmas_lemma_idx" ON "transcript_lemmas" USING btree ("lemma");--> statement-breakpoint
CREATE INDEX "user_words_status_idx" ON "user_words" USING btree ("user_id","status","updated_at");