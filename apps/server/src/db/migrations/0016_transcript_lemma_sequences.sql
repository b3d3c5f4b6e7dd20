CREATE TABLE "transcript_lemma_sequences" (
	"transcript_id" integer PRIMARY KEY NOT NULL,
	"sequence" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcript_lemma_sequences" ADD CONSTRAINT "transcript_lemma_sequences_transcript_id_media_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."media_transcripts"("id") ON DELETE cascade ON UPDATE no action;