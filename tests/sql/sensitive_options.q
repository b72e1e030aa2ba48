# sensitive_options.q - secrets in options print as '****' (SHOW CREATE TABLE as in Flink's
# show_create_sensitive_options.q; SET's listing too): a key holding password, secret, token,
# apikey, api-key, auth-params, service-key, basic-auth, jaas.config, http-headers or
# fs.azure.account.key, in any case
CREATE TABLE IF NOT EXISTS users (
 `id` BIGINT NOT NULL,
 name VARCHAR(32)
) with (
   'connector' = 'datagen',
   'url' = 'jdbc:mysql://localhost:3306/mydatabase',
   'table-name' = 'users',
   'username' = 'my_user',
   'password' = 'my_pass',
   'properties.sasl.jaas.config' = 'org.example.Login required;',
   'My-API-Key' = 'k',
   'auth.token' = 't'
);
[INFO] Execute statement succeeded.
!info

SHOW CREATE TABLE users;
+---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                    result |
+---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE TABLE `default_catalog`.`default_database`.`users` (
  `id` BIGINT NOT NULL,
  `name` VARCHAR(32)
)
WITH (
  'My-API-Key' = '****',
  'auth.token' = '****',
  'connector' = 'datagen',
  'password' = '****',
  'properties.sasl.jaas.config' = '****',
  'table-name' = 'users',
  'url' = 'jdbc:mysql://localhost:3306/mydatabase',
  'username' = 'my_user'
)
 |
+---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

SET 's3.secret-key' = 'abc';
[INFO] Execute statement succeeded.
!info

SET 'my.PASSWORD' = 'abc';
[INFO] Execute statement succeeded.
!info

SET 'pipeline.name' = 'job';
[INFO] Execute statement succeeded.
!info

SET;
+---------------+-------+
|           key | value |
+---------------+-------+
|   my.PASSWORD |  **** |
| pipeline.name |   job |
| s3.secret-key |  **** |
+---------------+-------+
3 rows in set
!ok
