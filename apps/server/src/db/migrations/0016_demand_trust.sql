-- Demand you can trust (issue 15, item 3). Reservation counts decide which designs go to A.5, so
-- each reservation says how much its holder had proven when they made or last refreshed it, and
-- from which network it came, as a keyed hash of the address's network prefix (never the address).
--
-- reserver_trust: 'verified' (signed in, email verified), 'account' (signed in, not verified),
--   'visitor' (an anonymous visitor session). Reservations made before this migration take the
--   tier their holder has now.
-- network_fingerprint: HMAC of the /24 (IPv4) or /56 (IPv6) prefix; null for older reservations.
-- review_flag: 'burst' when the reservation is one of a run from one network on one listing; staff
--   see it in the demand review, and it never disappears from the raw count.
ALTER TABLE interest_reservations
  ADD COLUMN reserver_trust text NOT NULL DEFAULT 'visitor'
    CHECK (reserver_trust IN ('verified', 'account', 'visitor')),
  ADD COLUMN network_fingerprint text CHECK (network_fingerprint ~ '^[0-9a-f]{32}$'),
  ADD COLUMN review_flag text CHECK (review_flag IN ('burst')),
  ADD CONSTRAINT interest_reservations_trust_holder
    CHECK ((reserver_trust = 'visitor') = (user_id IS NULL));

UPDATE interest_reservations r
   SET reserver_trust = CASE WHEN u.email_verified_at IS NULL THEN 'account' ELSE 'verified' END
  FROM users u
 WHERE u.id = r.user_id;

-- Active reservations per listing and network: "distinct households" is the number of networks
-- with at least one; kept by the interest module in the reservation's transaction.
CREATE TABLE interest_networks (
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  network_fingerprint text NOT NULL CHECK (network_fingerprint ~ '^[0-9a-f]{32}$'),
  active integer NOT NULL CHECK (active >= 0),
  PRIMARY KEY (listing_id, network_fingerprint)
);

-- The listing's interest summary, by tier and by network, always equal to the rows.
ALTER TABLE listings
  ADD COLUMN verified_reservation_count integer NOT NULL DEFAULT 0 CHECK (verified_reservation_count >= 0),
  ADD COLUMN visitor_reservation_count integer NOT NULL DEFAULT 0 CHECK (visitor_reservation_count >= 0),
  ADD COLUMN household_count integer NOT NULL DEFAULT 0 CHECK (household_count >= 0);

UPDATE listings l
   SET verified_reservation_count = s.verified, visitor_reservation_count = s.visitors
  FROM (SELECT listing_id,
               count(*) FILTER (WHERE reserver_trust = 'verified') AS verified,
               count(*) FILTER (WHERE reserver_trust = 'visitor') AS visitors
          FROM interest_reservations WHERE status = 'active' GROUP BY listing_id) s
 WHERE s.listing_id = l.id;
