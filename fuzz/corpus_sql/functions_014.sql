SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT TO_BASE64('hello'), FROM_BASE64('aGVsbG8='), MD5('abc'), SHA1('abc'), SHA2('abc', 224);
