-- An OAuth attempt's PKCE verifier and nonce now travel only in the sealed cookie of the browser
-- that began it (modules/auth/oauth-binding.ts): the secret that finishes an attempt is no longer
-- on the server at all, so neither a database read nor a return link someone else opens can
-- finish it. The row keeps the one use, the expiry, the provider, the visitor session that began
-- it, the invitation code and the name Apple posts. Attempts open while this runs (ten minutes at
-- most) are refused at their callback and started again.
ALTER TABLE oauth_attempts DROP COLUMN code_verifier, DROP COLUMN nonce;
