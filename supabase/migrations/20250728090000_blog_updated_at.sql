-- The site serves anonymous pages from memory; it drops them when the published blog changes, and an
-- edited post must count as a change (server/page-cache.ts, app/.server/page-cache.ts).
alter table public.blog_posts add column updated_at timestamptz not null default now();

create trigger blog_posts_updated_at before update on public.blog_posts
  for each row execute function public.set_updated_at();

create index blog_posts_updated_at on public.blog_posts (updated_at desc);
