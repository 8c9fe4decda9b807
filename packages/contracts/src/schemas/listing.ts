/** A published listing as its owner and visitors see it. */
import Type from 'typebox';
import { DRAFT_MODES, LISTING_CATEGORIES, MODERATION_STATES, VISIBILITIES } from '../listing-terms';
import { KitSummary } from './create';

/** A listing's interest figures: raw reservations, and how far their holders were proven. */
export const InterestSummary = Type.Object({
  reservations: Type.Integer({ description: 'Active non-binding reservations (every one, as made)' }),
  verified_reservations: Type.Integer({
    description: 'Of those, made by signed-in people whose email address was verified',
  }),
  visitor_reservations: Type.Integer({
    description: 'Of those, made by anonymous visitor sessions (no account)',
  }),
  households: Type.Integer({
    description: 'Distinct networks (households) the active reservations came from',
  }),
  quantity: Type.Integer({ description: 'Kits those reservations ask for in total' }),
  saves: Type.Integer(),
  views: Type.Integer(),
});
export type InterestSummary = Type.Static<typeof InterestSummary>;

export const PersonRef = Type.Object({
  id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
});

export const BillOfMaterials = Type.Object({
  blocks: Type.Array(
    Type.Object({
      part: Type.String(),
      colour: Type.String(),
      count: Type.Integer(),
      added: Type.Optional(
        Type.Literal(true, { description: 'Blocks added to join loose groups, not part of the model' }),
      ),
    }),
  ),
  fasteners: Type.Array(Type.Object({ part: Type.String(), count: Type.Integer() })),
});

export const ListingDetail = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  url: Type.String(),
  title: Type.String(),
  description: Type.String(),
  category: Type.Enum([...LISTING_CATEGORIES]),
  tags: Type.Array(Type.String()),
  visibility: Type.Enum([...VISIBILITIES]),
  state: Type.Enum(['published', 'unpublished'], {
    description: 'Unpublished: only its owner and staff see it (a deleted listing is not found)',
  }),
  mode: Type.Enum([...DRAFT_MODES]),
  use_case: Type.String(),
  safety: Type.Record(Type.String(), Type.Boolean()),
  moderation_state: Type.Enum([...MODERATION_STATES]),
  owner: PersonRef,
  creator: PersonRef,
  attribution: Type.String({ description: 'Who designed and who owns the design, in words' }),
  media: Type.Object({
    preview_url: Type.String(),
    preview_png_url: Type.Union([Type.String(), Type.Null()]),
    kit_url: Type.String(),
    images: Type.Array(Type.String()),
    photos: Type.Array(Type.Object({ id: Type.String(), url: Type.String() }), {
      description: 'The owner’s own photos, in order, with the ids an edit sends back (media_ids)',
    }),
  }),
  kit: KitSummary,
  bill_of_materials: BillOfMaterials,
  build: Type.Object({ steps: Type.Integer(), layers: Type.Integer() }),
  licence_version: Type.String(),
  commerce_state: Type.Literal('interest_only'),
  published_at: Type.String(),
  source_language: Type.String(),
  localisation: Type.Object({
    title: Type.Object({
      language: Type.String(),
      source_language: Type.String(),
      translated: Type.Boolean(),
      stale: Type.Boolean(),
    }),
    description: Type.Object({
      language: Type.String(),
      source_language: Type.String(),
      translated: Type.Boolean(),
      stale: Type.Boolean(),
    }),
  }),
  interest: InterestSummary,
  cta: Type.Object({
    state: Type.Enum([
      'can_reserve',
      'already_reserved',
      'own_listing',
      'reservations_closed',
      'unavailable',
    ]),
    reason: Type.Union([Type.String(), Type.Null()]),
    reservation_id: Type.Union([Type.String(), Type.Null()]),
  }),
  viewer: Type.Object({
    saved: Type.Boolean(),
    owner: Type.Boolean(),
    designer_terms: Type.Optional(
      Type.Object(
        {
          accepted: Type.Boolean(),
          version: Type.Union([Type.String(), Type.Null()]),
          current_version: Type.String(),
        },
        {
          description: 'Only for the listing’s owner: the Phase A.5 designer commerce terms of this listing',
        },
      ),
    ),
  }),
});
export type ListingDetail = Type.Static<typeof ListingDetail>;
