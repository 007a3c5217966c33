--IMPORT binary.sql

--SET spark.sql.binaryOutputStyle=HEX
