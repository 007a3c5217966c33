--IMPORT binary.sql

--SET spark.sql.binaryOutputStyle=BASIC

