--IMPORT explain.sql

--SET spark.sql.adaptive.enabled=true
--SET spark.sql.maxMetadataStringLength = 500
