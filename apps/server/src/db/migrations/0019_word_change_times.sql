CREATE TABLE "user_word_changes" (
	"user_id" integer NOT NULL,
	"lemma" text NOT NULL,
	"changed_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "user_word_changes_user_id_lemma_pk" PRIMARY KEY("user_id","lemma")
);
--> statement-breakpoint
ALTER TABLE "user_word_changes" ADD CONSTRAINT "user_word_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;