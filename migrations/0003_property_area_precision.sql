-- Areas are exact to three decimals everywhere (the wizard copies a property's total area into its
-- cost positions, whose units allow three); two would silently round 75,125 m² to 75,13 m².
alter table properties alter column total_area type numeric(13, 3);
