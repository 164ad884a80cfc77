-- Only a verified sender can be the business's default (src/domain/senders/default-sender.ts,
-- held by the edit form and the API since); rows stored before that rule may still be pending and
-- the default. Mail never went out as them (server/modules/domains/sending.ts takes a default only
-- once verified, so the business's mail went From MAIL_FROM, and still does), but the edit form
-- showed a default it now refuses to save. Written by hand: the flag is cleared on every sender that
-- is not verified; its business has no default until its owner picks a verified one.
UPDATE "email_senders" SET "is_default" = false WHERE "is_default" AND "status" <> 'verified';
