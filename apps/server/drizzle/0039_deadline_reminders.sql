-- Reserved for issue 26: deadline reminders (written by the session that builds them).
SELECT 1;
