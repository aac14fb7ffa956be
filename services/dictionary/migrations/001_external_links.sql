-- Clicks from a headword's detail page to an external dictionary (spec §7.2 externalLink).
CREATE TABLE external_link_clicks (
  id          bigserial PRIMARY KEY,
  user_id     integer     NOT NULL,
  link_type   text        NOT NULL CHECK (link_type IN ('natmal', 'opendic')),
  headword_id integer     NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
