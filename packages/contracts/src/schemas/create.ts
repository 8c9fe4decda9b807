/** Uploads, design drafts, jobs and publishing (spec Core flows: Create Mode A/B, Publish). */
import Type from 'typebox';
import { JOB_STATUSES, JOB_TYPES } from '../jobs';
import {
  DRAFT_MODES,
  DRAFT_STAGES,
  LISTING_CATEGORIES,
  SAFETY_QUESTIONS,
  VALIDATION_STATES,
  VISIBILITIES,
} from '../listing-terms';
import {
  DRAFT_PROMPT_MAX_LENGTH,
  DRAFT_PROMPT_MIN_LENGTH,
  DRAFT_TITLE_MAX_LENGTH,
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_DESCRIPTION_MIN_LENGTH,
  LISTING_MAX_TAGS,
  LISTING_TAG_MAX_LENGTH,
  LISTING_TITLE_MAX_LENGTH,
  LISTING_TITLE_MIN_LENGTH,
} from '../text-limits';
import { USE_CASES } from '../use-cases';
import { OneLine } from './common';

export const Upload = Type.Object({
  id: Type.String(),
  kind: Type.Enum(['source_model', 'image']),
  format: Type.String(),
  content_type: Type.String(),
  byte_size: Type.Integer(),
  sha256: Type.String(),
  original_name: Type.Union([Type.String(), Type.Null()]),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  mesh: Type.Union([
    Type.Object({
      triangles: Type.Integer(),
      watertight: Type.Boolean(),
      components: Type.Integer(),
      bounding_box: Type.Object({ min: Type.Array(Type.Number()), max: Type.Array(Type.Number()) }),
      findings: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
      repaired: Type.Boolean({
        description: 'Uploaded with repair=true: the problems listed in repairs were repaired, not refused',
      }),
      repairs: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
    }),
    Type.Null(),
  ]),
  url: Type.String(),
  created_at: Type.String(),
});
export type Upload = Type.Static<typeof Upload>;

/**
 * Which way of the model points up: an axis or its negative (the model turned upside down, by a
 * rotation, never a mirror). Null: the mesher chooses the pose (the widest base with the least
 * overhang, the file format's convention when it is about as good).
 */
export const UP_AXES = ['x', 'y', 'z', '-x', '-y', '-z'] as const;
export type UpAxis = (typeof UP_AXES)[number];

/**
 * A prompt design's edits after generation (Mode B): which variant, the seed that made the
 * variants ("design again" moves it on), the design's parameters and a colour per part. Parameter
 * and part names depend on the design; the server checks them against the draft's last generation.
 */
export const DesignChoice = Type.Object(
  {
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    variant: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
    params: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' }),
        Type.Integer({ minimum: 0, maximum: 1000 }),
        {
          maxProperties: 16,
        },
      ),
    ),
    colours: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-z0-9 -]{0,39}$' }), OneLine({ maxLength: 32 }), {
        maxProperties: 32,
      }),
    ),
  },
  { additionalProperties: false },
);
export type DesignChoice = Type.Static<typeof DesignChoice>;

export const DraftSettings = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 8, maximum: 256, description: 'Longest side in blocks' })),
  hollow_wall_thickness: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 8 }), Type.Null()])),
  colour: Type.Optional(Type.Union([OneLine({ maxLength: 32 }), Type.Null()])),
  up_axis: Type.Optional(
    Type.Union([Type.Enum([...UP_AXES]), Type.Null()], {
      description:
        'Which model axis points up (x, y, z, or -x, -y, -z for a model upside down); null: the mesher chooses the pose',
    }),
  ),
  design: Type.Optional(Type.Union([DesignChoice, Type.Null()])),
});
export type DraftSettings = Type.Static<typeof DraftSettings>;

/**
 * Mode B from a reference picture (issue 19): what the picture becomes. Bounds match the mesher's
 * REFERENCE_LIMITS (a server test holds them equal).
 */
export const REFERENCE_KINDS = ['mosaic', 'relief'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];
export const REFERENCE_WIDTH = { minimum: 16, maximum: 64 } as const;
export const REFERENCE_DEPTH = { minimum: 3, maximum: 12 } as const;

export const ReferenceOptions = Type.Object({
  kind: Type.Enum([...REFERENCE_KINDS], {
    description: 'mosaic: a framed plate on a foot, standing; relief: the subject cut out and extruded',
  }),
  width: Type.Integer({ ...REFERENCE_WIDTH, description: 'Cells (studs) across' }),
  depth: Type.Optional(
    Type.Integer({
      ...REFERENCE_DEPTH,
      description: 'Relief only: layers from the ground to the top (default 4)',
    }),
  ),
  dithering: Type.Optional(
    Type.Boolean({ description: 'Floyd–Steinberg dithering between cells (default false)' }),
  ),
  aspect: Type.Optional(
    Type.Enum(['keep', 'square'], {
      description: "keep (default): rows follow the picture's aspect; square: as many rows as columns",
    }),
  ),
});
export type ReferenceOptions = Type.Static<typeof ReferenceOptions>;

export const CreateDraftRequest = Type.Object({
  mode: Type.Enum([...DRAFT_MODES]),
  title: Type.Optional(OneLine({ maxLength: DRAFT_TITLE_MAX_LENGTH })),
  source_upload_id: Type.Optional(Type.String({ format: 'uuid' })),
  prompt: Type.Optional(
    Type.String({ minLength: DRAFT_PROMPT_MIN_LENGTH, maxLength: DRAFT_PROMPT_MAX_LENGTH }),
  ),
  source_language: Type.Optional(OneLine({ maxLength: 35 })),
  settings: Type.Optional(DraftSettings),
  source_surface: Type.Optional(OneLine({ maxLength: 64 })),
  /** Mode B from a picture: source_upload_id names an uploaded image, and no prompt is given. */
  reference: Type.Optional(ReferenceOptions),
});
export type CreateDraftRequest = Type.Static<typeof CreateDraftRequest>;

export const UpdateDraftRequest = Type.Object({
  title: Type.Optional(OneLine({ maxLength: DRAFT_TITLE_MAX_LENGTH })),
  source_upload_id: Type.Optional(Type.String({ format: 'uuid' })),
  prompt: Type.Optional(
    Type.String({ minLength: DRAFT_PROMPT_MIN_LENGTH, maxLength: DRAFT_PROMPT_MAX_LENGTH }),
  ),
  source_language: Type.Optional(OneLine({ maxLength: 35 })),
  settings: Type.Optional(DraftSettings),
  /** New options for a draft made from a picture (its kit is then built again). */
  reference: Type.Optional(ReferenceOptions),
});
export type UpdateDraftRequest = Type.Static<typeof UpdateDraftRequest>;

/** The joint model's verdict on a kit (mesher `StructuralVerdict`). */
export const KIT_STABILITY_VERDICTS = ['stands', 'stands_with_weak_points', 'fails'] as const;

/**
 * How far (degrees) a kit must be tiltable in any direction before it tips over (its tipping
 * margin): `stands` to stand plainly, `minimum` to stand at all (below it the kit fails; between
 * the two, the small margin is a weak point). The mesher's TIPPING (docs/decisions.md, "The tipping
 * margin").
 */
export const KIT_TIPPING_DEGREES = Object.freeze({ stands: 10, minimum: 5 });
export type KitStabilityVerdict = (typeof KIT_STABILITY_VERDICTS)[number];

export const KitSummary = Type.Object({
  part_count: Type.Integer(),
  fastener_count: Type.Integer(),
  baseline_count: Type.Integer(),
  reduction: Type.Number({ description: 'Fewer blocks than one 1×1 block per cell (0–1)' }),
  reduction_with_pins: Type.Optional(
    Type.Number({ description: 'Fewer parts, blocks and pins counted, than a 1×1 model and its pins (0–1)' }),
  ),
  added_block_count: Type.Optional(
    Type.Integer({ description: 'Blocks added to join loose groups into one piece (in part_count)' }),
  ),
  components: Type.Integer(),
  /** 'stable' when the kit does not fail ('stable' | 'unstable'). */
  stability: Type.String(),
  /** Stands, stands with weak points, or fails; absent in kits built before the joint model. */
  stability_verdict: Type.Optional(Type.Enum([...KIT_STABILITY_VERDICTS])),
  /** Joints loaded to half their capacity or more (not over it); absent in older kits. */
  weak_joint_count: Type.Optional(Type.Integer()),
  /** Joints loaded beyond their capacity; absent in older kits. */
  overloaded_joint_count: Type.Optional(Type.Integer()),
  /**
   * Build steps after which the half-built model leans beyond its base, so the builder holds it
   * upright until a later step (a weak point); absent in kits built before the holds.
   */
  held_step_count: Type.Optional(Type.Integer()),
  /**
   * Build steps after which a joint of the half-built model carries more than its pins hold (an arm
   * built out before what relieves it), so the builder props it until a later step (a weak point);
   * absent in kits built before the check.
   */
  supported_step_count: Type.Optional(Type.Integer()),
  /**
   * How far (degrees, to a tenth) the finished model can be tilted in any direction before it tips
   * over; below KIT_TIPPING_DEGREES.stands it is a weak point, below .minimum the kit fails. Absent
   * in kits built before the tipping margin.
   */
  tipping_margin_deg: Type.Optional(Type.Number()),
  layers: Type.Integer(),
  dimensions_mm: Type.Object({ x: Type.Number(), y: Type.Number(), z: Type.Number() }),
  estimated_mass_g: Type.Number(),
  colours: Type.Array(Type.String()),
});
export type KitSummary = Type.Static<typeof KitSummary>;

/** Why the mesher stood the model the way it did (issue 12, "Pose"). */
export const POSE_REASON_CODES = [
  'file-up',
  'other-up',
  'file-up-tips',
  'better-pose',
  'nothing-stands',
  'given',
] as const;
export type PoseReasonCode = (typeof POSE_REASON_CODES)[number];

/** One of the six axis poses as the mesher scored it (counted on its coarse scoring grid). */
export const PoseCandidate = Type.Object({
  up: Type.Enum([...UP_AXES]),
  stands: Type.Boolean(),
  contact_cells: Type.Integer(),
  overhang_share: Type.Number(),
  /** What the poses are ranked by: the tipping margin (degrees) since issue 48, contact minus overhang before. */
  score: Type.Number(),
  /** How far (degrees) the pose can be tilted before it tips over (negative: it tips); absent in older drafts. */
  tipping_margin_deg: Type.Optional(Type.Number()),
});
export type PoseCandidate = Type.Static<typeof PoseCandidate>;

/** The pose a kit was built in: the up direction, the side it stands on, and why. */
export const KitPose = Type.Object({
  up: Type.Enum([...UP_AXES]),
  /** The opposite of up: the side of the model on the ground. */
  standing_on: Type.Enum([...UP_AXES]),
  /** 'auto': the mesher chose (settings.up_axis null); 'given': the settings named it. */
  chosen: Type.Enum(['auto', 'given']),
  /** The file format's own up, what the model would have been built in before the pose was chosen. */
  file_up: Type.Enum([...UP_AXES]),
  reason_code: Type.Enum([...POSE_REASON_CODES]),
  /** The mesher's sentence, in English ("widest base: 412 cells, 3% overhang; ..."). */
  reason: Type.String(),
  /** The chosen pose's ground contact (cells of the scoring grid) and overhang share (0–1), when chosen. */
  contact_cells: Type.Union([Type.Integer(), Type.Null()]),
  overhang_share: Type.Union([Type.Number(), Type.Null()]),
  /** The chosen pose's tipping margin (degrees, on the scoring grid), when chosen; absent in older drafts. */
  tipping_margin_deg: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** The six poses scored, in x, y, z, -x, -y, -z order; empty when the up direction was given. */
  candidates: Type.Array(PoseCandidate),
});
export type KitPose = Type.Static<typeof KitPose>;

export const Draft = Type.Object({
  id: Type.String(),
  mode: Type.Enum([...DRAFT_MODES]),
  title: Type.Union([Type.String(), Type.Null()]),
  source_upload: Type.Union([
    Type.Object({
      id: Type.String(),
      format: Type.String(),
      original_name: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  prompt: Type.Union([Type.String(), Type.Null()]),
  /** Mode B from a picture (source_upload is the image); null for uploads and prompts. */
  reference: Type.Optional(Type.Union([ReferenceOptions, Type.Null()])),
  source_language: Type.String(),
  settings: Type.Object({
    size: Type.Integer(),
    hollow_wall_thickness: Type.Union([Type.Integer(), Type.Null()]),
    colour: Type.Union([Type.String(), Type.Null()]),
    up_axis: Type.Union([Type.Enum([...UP_AXES]), Type.Null()]),
    /** A prompt design's edits after generation (Mode B); absent or null before any. */
    design: Type.Optional(Type.Union([DesignChoice, Type.Null()])),
  }),
  stage: Type.Enum([...DRAFT_STAGES]),
  validation_state: Type.Enum([...VALIDATION_STATES]),
  validation: Type.Record(Type.String(), Type.Unknown()),
  jobs: Type.Object({
    model: Type.Union([Type.String(), Type.Null()]),
    block_kit: Type.Union([Type.String(), Type.Null()]),
  }),
  artefacts: Type.Object({
    kit_url: Type.Union([Type.String(), Type.Null()]),
    preview_url: Type.Union([Type.String(), Type.Null()]),
    preview_png_url: Type.Union([Type.String(), Type.Null()]),
    summary: Type.Union([KitSummary, Type.Null()]),
    /** The pose the kit was built in (model uploads; absent or null for prompts and older kits). */
    pose: Type.Optional(Type.Union([KitPose, Type.Null()])),
  }),
  publish_state: Type.Enum(['unpublished', 'published']),
  listing_id: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Draft = Type.Static<typeof Draft>;

export const JobStep = Type.Object({
  name: Type.String(),
  status: Type.Enum(['pending', 'running', 'done', 'failed', 'skipped']),
  progress: Type.Number(),
});

export const Job = Type.Object({
  id: Type.String(),
  type: Type.Enum([...JOB_TYPES]),
  status: Type.Enum([...JOB_STATUSES]),
  resource: Type.Union([Type.Object({ type: Type.String(), id: Type.String() }), Type.Null()]),
  idempotency_key: Type.Union([Type.String(), Type.Null()]),
  steps: Type.Array(JobStep),
  current_step: Type.Union([Type.String(), Type.Null()]),
  progress: Type.Number(),
  attempts: Type.Integer(),
  max_attempts: Type.Integer(),
  retries: Type.Integer(),
  lease_expires_at: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([
    Type.Object({ code: Type.String(), message: Type.String(), retryable: Type.Boolean() }),
    Type.Null(),
  ]),
  /** Set exactly when the status is `degraded`: what part of the request was not honoured. */
  degraded_reason: Type.Union([Type.String(), Type.Null()]),
  artefacts: Type.Record(Type.String(), Type.Unknown()),
  can_retry: Type.Boolean(),
  can_cancel: Type.Boolean(),
  cancel_requested: Type.Boolean(),
  created_at: Type.String(),
  started_at: Type.Union([Type.String(), Type.Null()]),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type Job = Type.Static<typeof Job>;

export const PublishRequest = Type.Object({
  title: OneLine({ minLength: LISTING_TITLE_MIN_LENGTH, maxLength: LISTING_TITLE_MAX_LENGTH }),
  description: Type.String({
    minLength: LISTING_DESCRIPTION_MIN_LENGTH,
    maxLength: LISTING_DESCRIPTION_MAX_LENGTH,
  }),
  tags: Type.Optional(
    Type.Array(OneLine({ minLength: 1, maxLength: LISTING_TAG_MAX_LENGTH }), {
      maxItems: LISTING_MAX_TAGS,
    }),
  ),
  category: Type.Enum([...LISTING_CATEGORIES]),
  visibility: Type.Enum([...VISIBILITIES]),
  use_case: Type.Enum([...USE_CASES]),
  safety: Type.Object(
    Object.fromEntries(SAFETY_QUESTIONS.map((q) => [q, Type.Boolean()])) as Record<
      (typeof SAFETY_QUESTIONS)[number],
      Type.TBoolean
    >,
  ),
  licence: Type.Object({ accepted: Type.Literal(true), version: OneLine({ maxLength: 32 }) }),
  media_ids: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 8 })),
  source_language: Type.Optional(OneLine({ maxLength: 35 })),
});
export type PublishRequest = Type.Static<typeof PublishRequest>;
