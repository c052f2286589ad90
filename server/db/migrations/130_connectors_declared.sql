-- Connector methods are declared by their kinds (server/connectors/<kind>/, issue 30 point 1); the table
-- the demo seeded them into is no longer read.
drop table if exists flow_external_connectors;
