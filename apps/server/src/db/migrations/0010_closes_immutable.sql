-- Issue 25 §1: closes (Z reports) are never changed or deleted. The database itself refuses an
-- UPDATE or a DELETE of a row, whoever asks (fiscal rules in France and Germany want closes that
-- cannot be edited). TRUNCATE is not a row change and stays possible for an operator who means
-- it; purging a deleted project leaves its closes in place (docs/guide/closes.md#never-changed).
CREATE OR REPLACE FUNCTION closes_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'closes are immutable: % refused on close %', TG_OP, OLD.id
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER closes_immutable BEFORE UPDATE OR DELETE ON closes
  FOR EACH ROW EXECUTE FUNCTION closes_refuse_change();--> statement-breakpoint
-- Refunds that succeeded before refunds.succeeded_at existed took effect when they were last
-- updated (the settle step is their only update).
UPDATE refunds SET succeeded_at = updated_at WHERE status = 'succeeded' AND succeeded_at IS NULL;
