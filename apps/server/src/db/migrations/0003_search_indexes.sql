CREATE INDEX "terminals_project_label_search_idx" ON "terminals" USING btree ("project_id",(lower("label") collate "C"));--> statement-breakpoint
CREATE INDEX "terminals_project_serial_search_idx" ON "terminals" USING btree ("project_id",(lower("serial") collate "C"));--> statement-breakpoint
CREATE INDEX "transactions_project_reference_search_idx" ON "transactions" USING btree ("project_id",(lower("reference") collate "C"),"id") WHERE reference is not null;--> statement-breakpoint
CREATE INDEX "transactions_project_card_last4_idx" ON "transactions" USING btree ("project_id","card_last4","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "memberships_project_email_search_idx" ON "memberships" USING btree ("project_id",(lower("email") collate "C"));