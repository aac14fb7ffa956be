-- Daily clicks on the external dictionary links of a headword (spec §7.2 externalLink),
-- by Korea Standard Time date.
CREATE TABLE external_link_daily (
  day       date    NOT NULL,
  link_type text    NOT NULL,
  clicks    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, link_type)
);
