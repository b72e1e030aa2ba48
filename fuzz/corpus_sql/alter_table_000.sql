CREATE TABLE k (a INT NOT NULL, ts TIMESTAMP(3)) WITH ('connector' = 'datagen');
