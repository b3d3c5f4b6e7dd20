CREATE TABLE "playlist_items" (
	"playlist_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_items_playlist_id_article_id_pk" PRIMARY KEY("playlist_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "playlist_keeps" (
	"user_id" integer NOT NULL,
	"playlist_id" integer NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_keeps_user_id_playlist_id_pk" PRIMARY KEY("user_id","playlist_id")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash_id" text NOT NULL,
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_keeps" ADD CONSTRAINT "playlist_keeps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_keeps" ADD CONSTRAINT "playlist_keeps_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_items_article_id_idx" ON "playlist_items" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "playlist_items_order_idx" ON "playlist_items" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlist_keeps_playlist_id_idx" ON "playlist_keeps" USING btree ("playlist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_hash_id_key" ON "playlists" USING btree ("hash_id");--> statement-breakpoint
CREATE INDEX "playlists_owner_id_idx" ON "playlists" USING btree ("owner_id","id");