SET 'execution.runtime-mode' = 'streaming';
SET 'sql-client.execution.result-mode' = 'tableau';
SELECT CAST(1 AS TINYINT) AS t, CAST(2 AS SMALLINT) AS s, CAST(3 AS BIGINT) AS b, TRUE AS bool,
  CAST(1.5 AS DECIMAL(5, 2)) AS d, DATE '2021-04-13' AS dt, 1.25e0 AS dbl;
