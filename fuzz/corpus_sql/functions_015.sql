SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT SHA256('abc'), ENCODE('é', 'UTF-16BE'), DECODE(X'00E9', 'UTF-16BE'), URL_ENCODE('a b&c'), URL_DECODE('a%20b'), PARSE_URL('http://x.org/p?q=1&r=2', 'QUERY', 'r');
