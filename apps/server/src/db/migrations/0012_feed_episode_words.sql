CREATE TABLE "feed_item_lemmas" (
	"item_id" integer NOT NULL,
	"lemma" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "feed_item_lemmas_item_id_lemma_pk" PRIMARY KEY("item_id","lemma")
);
--> statement-breakpoint
CREATE TABLE "feed_item_words" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"transcript_url" text NOT NULL,
	"status" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_item_lemmas" ADD CONSTRAINT "feed_item_lemmas_item_id_feed_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_words" ADD CONSTRAINT "feed_item_words_item_id_feed_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;