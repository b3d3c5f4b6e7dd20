ALTER TABLE "users" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- Usernames were the e-mail's local part, so alice@one.example and alice@two.example were both "alice"
-- (and the console kept their offline data under that one name). The oldest account of a name keeps it;
-- each later one, in id order, takes the first free "<name>-<n>" from n = 2, compared without case, so
-- every copy of a database ends with the same names. Sign-in is by address or provider identity, never
-- by name, so nobody's sign-in changes.
DO $$
DECLARE
  later record;
  n integer;
  candidate text;
BEGIN
  FOR later IN
    SELECT a."id", a."username" FROM "users" a
    WHERE EXISTS (SELECT 1 FROM "users" b WHERE lower(b."username") = lower(a."username") AND b."id" < a."id")
    ORDER BY a."id"
  LOOP
    n := 2;
    LOOP
      candidate := later."username" || '-' || n;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "users" WHERE lower("username") = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE "users" SET "username" = candidate WHERE "id" = later."id";
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_public_id_key" ON "users" USING btree ("public_id");
