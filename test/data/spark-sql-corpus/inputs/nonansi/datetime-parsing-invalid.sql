--IMPORT datetime-parsing-invalid.sql

