-- The outbox worker that claimed a row (a random id per server process), so that a claim can be
-- renewed by its live owner while it sends, and a claim left by a process that died is known as
-- such (src/server/mail/outbox-worker.ts, src/server/README.md "What is durable").
ALTER TABLE mail_outbox ADD COLUMN locked_by text;
