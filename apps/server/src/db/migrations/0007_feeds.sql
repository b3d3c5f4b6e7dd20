CREATE TABLE "feed_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"category" text,
	"is_catalogue" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"parse_errors" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_item_articles" (
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	CONSTRAINT "feed_item_articles_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "feed_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"guid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"pub_date" timestamp with time zone,
	"duration_seconds" real,
	"audio" text,
	"video" text,
	"link" text,
	"transcript_url" text,
	"transcript_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_played" (
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_played_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "feed_user_channels" (
	"user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"subscribed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_user_channels_user_id_channel_id_pk" PRIMARY KEY("user_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "feed_item_articles" ADD CONSTRAINT "feed_item_articles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_articles" ADD CONSTRAINT "feed_item_articles_item_id_feed_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_articles" ADD CONSTRAINT "feed_item_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_channel_id_feed_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."feed_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_played" ADD CONSTRAINT "feed_played_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_played" ADD CONSTRAINT "feed_played_item_id_feed_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_user_channels" ADD CONSTRAINT "feed_user_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_user_channels" ADD CONSTRAINT "feed_user_channels_channel_id_feed_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."feed_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_channels_url_key" ON "feed_channels" USING btree ("url");--> statement-breakpoint
CREATE INDEX "feed_channels_next_fetch_idx" ON "feed_channels" USING btree ("next_fetch_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_items_channel_guid_key" ON "feed_items" USING btree ("channel_id","guid");--> statement-breakpoint
CREATE INDEX "feed_items_channel_date_idx" ON "feed_items" USING btree ("channel_id","pub_date");--> statement-breakpoint
CREATE INDEX "feed_items_audio_idx" ON "feed_items" USING btree ("audio");--> statement-breakpoint
CREATE INDEX "feed_items_video_idx" ON "feed_items" USING btree ("video");--> statement-breakpoint
CREATE INDEX "feed_user_channels_channel_idx" ON "feed_user_channels" USING btree ("channel_id");