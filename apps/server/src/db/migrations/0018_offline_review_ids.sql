ALTER TABLE "review_logs" ADD COLUMN "review_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "review_logs_user_review_id_idx" ON "review_logs" USING btree ("user_id","review_id");