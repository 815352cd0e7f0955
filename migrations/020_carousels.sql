-- Carousels read model (owned by the carousels projector); slides kept in order inside the row.
create table if not exists carousels (
  id         uuid primary key,
  name       text not null,
  title      text not null,
  auto_play  boolean not null default true,
  interval   integer not null default 5000,
  height     text not null,
  is_active  boolean not null default true,
  slides     jsonb not null default '[]',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists carousels_name on carousels (lower(name));
