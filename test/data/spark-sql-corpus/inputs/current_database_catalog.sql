-- get current_database/current_schema and current_catalog
select current_database(), current_schema(), current_catalog();
