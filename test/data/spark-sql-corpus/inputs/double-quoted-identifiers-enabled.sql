--SET spark.sql.ansi.doubleQuotedIdentifiers=true
--IMPORT double-quoted-identifiers.sql

