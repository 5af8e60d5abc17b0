-- Employee search (SPEC §2 /employee-search): a client's employees found by the start of their
-- e-mail address, full name or last name, in any letter case. Expression indexes with
-- text_pattern_ops serve `lower(…) LIKE 'prefix%'` on PostgreSQL and on PGlite alike (no pg_trgm,
-- which PGlite does not ship), each led by client_id because every search is about one client.
CREATE INDEX users_client_email_prefix ON users (client_id, lower(email) text_pattern_ops);
CREATE INDEX users_client_name_prefix ON users (client_id, lower(first_name || ' ' || last_name) text_pattern_ops);
CREATE INDEX users_client_last_name_prefix ON users (client_id, lower(last_name) text_pattern_ops);
-- Each employee's latest submitted self-assessment within their client (the band and date filters).
CREATE INDEX assessment_attempts_client_user_latest ON assessment_attempts (client_id, user_id, submitted_at DESC, id DESC)
  INCLUDE (area, overall_score, risk_band) WHERE status = 'submitted';
