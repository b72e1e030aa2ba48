SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT UPPER('straße'), LOWER('ÄBC'), INITCAP('hello world'), CHAR_LENGTH('日本語'), CONCAT('a', 'b', 'c'), 'x' || 'y', CONCAT_WS('-', 'a', CAST(NULL AS STRING), 'c');
