/**
 * The generated catalogue of catalogue-rows.ts written straight into the `products` read model with one SQL statement,
 * as the catalogue projector writes its rows (no events: benches that measure a start or the reads at N products do
 * not need to import them first).
 */
import type pg from 'pg';

/** Rows from … to - 1 of catalogueCsv (bench/lib/catalogue-rows.ts) as the catalogue projector writes them. */
export async function fillCatalogueReadModel(pool: pg.Pool, from: number, to: number): Promise<void> {
  await pool.query(
    `insert into products (id, name, price, original_price, image, images, category, is_new, is_on_sale, description,
       in_stock, stock_quantity, rating, reviews_count, created_at, updated_at)
     select '00000000-0000-4000-8000-' || lpad(i::text, 12, '0'),
       c.ch || ' ' || s.se || ' ' || k.kind || ' #' || i,
       199 + (i * 37) % 5000, case when i % 5 = 0 then 499 + (i * 37) % 5000 end,
       case when i % 4 = 3 then '' else 'https://images.unsplash.com/photo-' || (1500000000000 + i) || '.jpg' end,
       case when i % 4 = 3 then '[]'::jsonb else jsonb_build_array('https://images.unsplash.com/photo-' || (1500000000000 + i) || '.jpg') end,
       k.category, i % 11 = 0, i % 5 = 0,
       k.kind || ' of ' || c.ch || ' from ' || s.se || ', collector edition ' || i,
       i % 13 > 0, i % 13, 3 + (i % 20) / 10.0, i % 300,
       timestamptz '2023-11-14 22:13:20+00' + i * interval '1 second', timestamptz '2023-11-14 22:13:20+00' + i * interval '1 second'
     from generate_series($1::int, $2::int - 1) as i
     cross join lateral (select (array['Naruto','One Piece','Dragon Ball','Demon Slayer','Jujutsu Kaisen','Attack on Titan','My Hero Academia','Bleach','Death Note','Spy x Family'])[1 + i % 10] as se) s
     cross join lateral (select (array['Uzumaki','Luffy','Goku','Tanjiro','Gojo','Levi','Deku','Ichigo','Light','Anya','Zoro','Vegeta','Nezuko','Sukuna','Mikasa'])[1 + (i * 7) % 15] as ch) c
     cross join lateral (select (array['PVC Figure','Premium Statue','Metal Keychain','Acrylic Keychain','Die-cast Car','Plush'])[1 + (i * 3) % 6] as kind,
                                (array['Anime Figures','Anime Figures','Keychains','Keychains','Hot Wheels','Trending'])[1 + (i * 3) % 6] as category) k`,
    [from, to],
  );
  await pool.query('vacuum analyze products');
  await pool.query('checkpoint');
}
