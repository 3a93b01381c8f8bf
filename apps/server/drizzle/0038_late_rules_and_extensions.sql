-- Reserved for issue 26: late rules and extensions (written by the session that builds them).
SELECT 1;
