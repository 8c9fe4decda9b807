/**
 * Puts 100,000 believable listings into a PostgreSQL schema for the gallery benchmark, in bulk
 * SQL: a few hundred designers, words that make searchable titles, categories, tags, colours,
 * part counts and engagement. Kit and preview files are shared (the gallery only links them).
 */
import type pg from 'pg';

export const ADJECTIVES = [
  'red',
  'tiny',
  'stone',
  'nordic',
  'coastal',
  'golden',
  'rustic',
  'modern',
  'old',
  'little',
  'tall',
  'blue',
  'garden',
  'desert',
  'harbour',
  'forest',
  'winter',
  'sunny',
  'quiet',
  'royal',
];
export const NOUNS = [
  'tower',
  'bench',
  'planter',
  'arch',
  'bridge',
  'shelf',
  'pyramid',
  'house',
  'lighthouse',
  'cottage',
  'castle',
  'windmill',
  'boat',
  'dragon',
  'rabbit',
  'owl',
  'teapot',
  'table',
  'stairs',
  'wall',
];
export const PLACES = [
  'for the desk',
  'by the sea',
  'for a diorama',
  'for the garden',
  'in miniature',
  'for the shelf',
  'for a model railway',
  'for the window',
  'from the hills',
  'for the hallway',
];
const CATEGORIES = [
  'furniture',
  'decor',
  'garden',
  'architecture',
  'vehicles',
  'animals',
  'characters',
  'storage',
  'art',
  'other',
];
const COLOURS = [
  'white',
  'light-grey',
  'dark-grey',
  'black',
  'red',
  'orange',
  'yellow',
  'tan',
  'brown',
  'lime',
  'green',
  'blue',
  'purple',
  'pink',
];

export const SEARCH_WORDS = [...ADJECTIVES, ...NOUNS];

/** The title words of seeded listing `g` (as the seed composes them): adjective, noun, place. */
export function titleWordsOf(g: number): [string, string, string] {
  const place = PLACES[(g * 3) % PLACES.length] as string;
  return [
    ADJECTIVES[(g * 7) % ADJECTIVES.length] as string,
    NOUNS[(g * 13) % NOUNS.length] as string,
    place.split(' ').pop() as string,
  ];
}

const arr = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

export async function seedListings(client: pg.Client, schema: string, count: number) {
  const s = schema;
  await client.query(`
    INSERT INTO ${s}.users (id, username, email, password_hash, display_name, email_verified_at)
    SELECT gen_random_uuid(), 'designer' || g, 'designer' || g || '@bench.local', NULL, 'Designer ' || g, now()
    FROM generate_series(1, 500) g ON CONFLICT DO NOTHING`);
  const owner = await client.query(`SELECT id FROM ${s}.users LIMIT 1`);
  const ownerId = owner.rows[0].id;
  const files = await client.query(
    `
    INSERT INTO ${s}.media_files (id, owner_user_id, kind, format, content_type, byte_size, sha256, storage_key, created_at)
    VALUES (gen_random_uuid(), $1, 'kit', 'json', 'application/json', 10, repeat('a', 64), 'bench/kit.json', now()),
           (gen_random_uuid(), $1, 'preview', 'png', 'image/png', 10, repeat('b', 64), 'bench/preview.png', now())
    RETURNING id`,
    [ownerId],
  );
  const [kit, preview] = files.rows.map((r: { id: string }) => r.id);
  await client.query(`
    CREATE TEMP TABLE bench_rows AS
    WITH designers AS (SELECT array_agg(id ORDER BY id) AS ids FROM ${s}.users WHERE username LIKE 'designer%')
    SELECT g,
      designers.ids[1 + g % 500] AS owner,
      initcap((${arr(ADJECTIVES)})[1 + (g * 7) % ${ADJECTIVES.length}] || ' ' || (${arr(NOUNS)})[1 + (g * 13) % ${NOUNS.length}])
        || ' ' || (${arr(PLACES)})[1 + (g * 3) % ${PLACES.length}] AS title,
      (${arr(CATEGORIES)})[1 + (g * 11) % ${CATEGORIES.length}] AS category,
      ARRAY[(${arr(NOUNS)})[1 + (g * 13) % ${NOUNS.length}], (${arr(ADJECTIVES)})[1 + (g * 7) % ${ADJECTIVES.length}]] AS tags,
      ARRAY[(${arr(COLOURS)})[1 + g % ${COLOURS.length}], (${arr(COLOURS)})[1 + (g * 5) % ${COLOURS.length}]] AS colours,
      20 + (g * 37) % 3000 AS parts,
      80 + (g * 17) % 900 AS size_mm
    FROM generate_series(1, ${count}) g, designers`);
  await client.query(`
    INSERT INTO ${s}.design_drafts (id, owner_user_id, mode, prompt, settings, validation, stage, publish_state, created_at, updated_at)
    SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, owner, 'B', 'bench design', '{}', '{}', 'published', 'published',
           now() - (g || ' minutes')::interval, now()
    FROM bench_rows`);
  await client.query(
    `
    INSERT INTO ${s}.listings (id, slug, draft_id, owner_user_id, creator_user_id, title, source_language, category, tags,
      visibility, mode, use_case, licence_version, licence_accepted_at, moderation_state, kit_file_id, preview_file_id,
      preview_png_file_id, published_at, updated_at, view_count, save_count, reservation_count, reservation_quantity,
      part_count, size_mm, colours, search_vector, title_vector)
    SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(g), 12, '0'))::uuid, lower(regexp_replace(title, '[^A-Za-z0-9]+', '-', 'g')) || '-' || g,
      ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, owner, owner, title,
      'en', category, tags, 'public', 'B', 'decorative', '2026-11-01', now(),
      CASE WHEN g % 50 = 0 THEN 'pending' ELSE 'approved' END, $1, $2, $2,
      now() - (g || ' minutes')::interval, now(),
      (g * 31) % 5000, (g * 7) % 400, (g * 3) % 60, (g * 3) % 60 + (g % 5), parts, size_mm, colours,
      setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', array_to_string(tags, ' ')), 'B')
        || setweight(to_tsvector('simple', 'A ' || lower(title) || ' built from universal blocks'), 'C'),
      to_tsvector('simple', title || ' [fr] ' || title || ' [de] ' || title)
    FROM bench_rows`,
    [kit, preview],
  );
  await client.query(`
    INSERT INTO ${s}.listing_details (listing_id, description, kit_summary, safety, moderation_flags, i18n)
    SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(g), 12, '0'))::uuid,
      'A ' || lower(title) || ' built from universal blocks. Designed to stand on its own, it makes a fine piece for a shelf or a desk.',
      jsonb_build_object('part_count', parts, 'fastener_count', parts * 2, 'baseline_count', parts * 8, 'reduction', 0.87, 'components', 1,
        'stability', 'stable', 'layers', 12, 'dimensions_mm', jsonb_build_object('x', size_mm, 'y', size_mm, 'z', size_mm),
        'estimated_mass_g', parts * 2, 'colours', to_jsonb(colours),
        'bill_of_materials', jsonb_build_object('blocks', (SELECT jsonb_agg(jsonb_build_object('part', p, 'colour', colours[1], 'count', 3 + g % 40))
          FROM unnest(ARRAY['brick-1x1','brick-1x2','brick-1x4','brick-2x2','brick-2x4','brick-2x6','brick-1x6','brick-1x8']) p), 'fasteners', '[]'::jsonb),
        'build', '{"steps":12,"layers":12}'::jsonb),
      '{"intended_for_children":false,"bears_loads_or_people":false,"contains_electrics":false,"used_outdoors_in_water":false}',
      '[]',
      jsonb_build_object('fr', jsonb_build_object('title', '[fr] ' || title, 'description', '[fr] A ' || lower(title) || ' built from universal blocks.'),
                         'de', jsonb_build_object('title', '[de] ' || title, 'description', '[de] A ' || lower(title) || ' built from universal blocks.'))
    FROM bench_rows`);
  await client.query('DROP TABLE bench_rows');
  // The vocabulary the typo correction reads, as publishing keeps it: every title and tag word.
  await client.query(`
    INSERT INTO ${s}.search_words (word, listings, languages)
    SELECT word, ndoc, ARRAY['en'] FROM ts_stat('SELECT title_vector || to_tsvector(''simple'', array_to_string(tags, '' '')) FROM ${s}.listings')
    WHERE length(word) BETWEEN 2 AND 64 AND strpos(word, ' ') = 0
    ON CONFLICT (word) DO NOTHING`);
  await client.query(`VACUUM ANALYZE ${s}.listings`);
  await client.query(`ANALYZE ${s}.search_words`);
}
