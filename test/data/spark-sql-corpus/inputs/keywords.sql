SELECT * from SQL_KEYWORDS();

SELECT keyword from SQL_KEYWORDS() WHERE reserved;
