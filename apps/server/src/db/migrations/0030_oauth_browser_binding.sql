-- An OAuth attempt's PKCE verifier and nonce now travel only in the sealed cookie of the browser
-- that began it (modules/auth/oauth-binding.ts): the secret that finishes an attempt is no longer
-- kept on the server, so neither a database read nor a return link someone else opens can finish
-- it. The row keeps the one use, the expiry, the provider, the visitor session that began it, the
-- invitation code and the name Apple posts.
--
-- Backward compatible during a rolling deploy (ARCHITECTURE.md, Data): the columns stay, nullable
-- and emptied, so a process of the previous release can still insert its attempts; a later
-- migration drops them once no such process runs. Attempts open while this runs (ten minutes at
-- most) are refused at their callback and started again.
ALTER TABLE oauth_attempts ALTER COLUMN code_verifier DROP NOT NULL, ALTER COLUMN nonce DROP NOT NULL;
UPDATE oauth_attempts SET code_verifier = NULL, nonce = NULL;
