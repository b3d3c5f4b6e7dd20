CREATE TABLE "user_word_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"native_language" text,
	"dictionary_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_words" ADD COLUMN "level" smallint;--> statement-breakpoint
ALTER TABLE "user_words" ADD COLUMN "hint" text;--> statement-breakpoint
ALTER TABLE "user_word_settings" ADD CONSTRAINT "user_word_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;