--IMPORT binary.sql

--SET spark.sql.binaryOutputStyle=BASE64
