ALTER TABLE "users" ADD COLUMN "library_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marks_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_audio_idx" ON "articles" USING hash ("audio");--> statement-breakpoint
CREATE INDEX "articles_video_idx" ON "articles" USING hash ("video");--> statement-breakpoint
CREATE INDEX "user_words_phrases_idx" ON "user_words" USING btree ("user_id") WHERE "user_words"."lemma" like '% %';--> statement-breakpoint
-- Every statement that writes articles or user_words moves its users' version on, in the same transaction,
-- whatever code (or cascade) wrote them; so does a transcript becoming done (or no longer done) for the
-- users whose articles play its address. Caches of the library list and of the comprehension figures
-- compare one indexed read of users with the versions they were built from (decision 0017).
CREATE FUNCTION "bump_library_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "library_version" = "library_version" + 1 WHERE "id" IN (SELECT DISTINCT "user_id" FROM "changed");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_marks_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "marks_version" = "marks_version" + 1 WHERE "id" IN (SELECT DISTINCT "user_id" FROM "changed");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "articles_version_insert" AFTER INSERT ON "articles" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();
--> statement-breakpoint
CREATE TRIGGER "articles_version_update" AFTER UPDATE ON "articles" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();
--> statement-breakpoint
CREATE TRIGGER "articles_version_delete" AFTER DELETE ON "articles" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();
--> statement-breakpoint
CREATE TRIGGER "user_words_version_insert" AFTER INSERT ON "user_words" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_marks_version"();
--> statement-breakpoint
CREATE TRIGGER "user_words_version_update" AFTER UPDATE ON "user_words" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_marks_version"();
--> statement-breakpoint
CREATE TRIGGER "user_words_version_delete" AFTER DELETE ON "user_words" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_marks_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_library_version_of_transcripts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  addresses text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("media_address") INTO addresses FROM "new_rows" WHERE "status" = 'done';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("media_address") INTO addresses FROM "old_rows" WHERE "status" = 'done';
  ELSE
    -- Progress and focus are written often while a transcript fills in: only a change of status or address counts.
    SELECT array_agg(x) INTO addresses FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id",
      LATERAL unnest(ARRAY[n."media_address", o."media_address"]) x
    WHERE n."status" IS DISTINCT FROM o."status" OR n."media_address" IS DISTINCT FROM o."media_address";
  END IF;
  IF addresses IS NOT NULL THEN
    UPDATE "users" SET "library_version" = "library_version" + 1 WHERE "id" IN (
      SELECT "user_id" FROM "articles" WHERE "audio" IN (SELECT unnest(addresses))
      UNION
      SELECT "user_id" FROM "articles" WHERE "video" IN (SELECT unnest(addresses)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "media_transcripts_version_insert" AFTER INSERT ON "media_transcripts" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version_of_transcripts"();
--> statement-breakpoint
CREATE TRIGGER "media_transcripts_version_update" AFTER UPDATE ON "media_transcripts" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version_of_transcripts"();
--> statement-breakpoint
CREATE TRIGGER "media_transcripts_version_delete" AFTER DELETE ON "media_transcripts" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version_of_transcripts"();
