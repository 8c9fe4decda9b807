/** The messages exchanged with a mesher worker thread. */
import type {
  DesignChoice,
  DesignOutcome,
  DesignProposal,
  MeshReport,
  ModelFormat,
  ParseWarning,
  PipelineOutcome,
  ReferenceDesignOptions,
  ReferenceDesignOutcome,
  ReferenceFailureCode,
  UpDirection,
} from '@kitwright/mesher';

/** A model checked once at upload: its mesh in the mesher's compact binary, and what the check found. */
export interface StoredMesh {
  mesh: Uint8Array;
  format: ModelFormat;
  report: MeshReport;
  warnings: ParseWarning[];
}

export type MesherTask =
  | { kind: 'inspect'; bytes: Uint8Array; maxFileBytes: number; strict: boolean }
  /** Checks that a stored mesh is whole (decodes within the limits); answers its triangle count. */
  | { kind: 'verify'; mesh: Uint8Array }
  | {
      kind: 'pipeline';
      /** The stored, validated mesh; or, for a model uploaded before meshes were stored, the file. */
      source: { stored: StoredMesh } | { bytes: Uint8Array };
      format?: ModelFormat;
      size: number;
      hollowWallThickness: number | null;
      colour: string | null;
      /** An axis or its negative (upside down); null: the mesher chooses the pose (auto). */
      upAxis: UpDirection | null;
      useCase: string;
      timeBudgetMs: number;
      maxFileBytes: number;
      strict: boolean;
    }
  | {
      kind: 'prompt';
      prompt: string;
      size: number;
      locale: string;
      useCase: string;
      /** The owner's edits after generation (variant, seed, parameters, colours). */
      choice?: DesignChoice | null;
      /** Variants a provider already proposed (the http provider); otherwise procedural. */
      proposal?: DesignProposal;
    }
  /** Mode B from a picture: its decoded RGBA pixels and what to make of them. */
  | { kind: 'reference'; pixels: Uint8Array; width: number; height: number; options: ReferenceDesignOptions };

export interface InspectResult {
  ok: boolean;
  format: ModelFormat | null;
  /** recoverable: the upload may be repaired instead (strict: false); hint says how or what it does. */
  error?: { code: string; message: string; recoverable: boolean; hint: string | null };
  warnings?: Array<{ code: string; message: string }>;
  mesh?: {
    triangles: number;
    watertight: boolean;
    components: number;
    boundary_edges: number;
    bounding_box: { min: number[]; max: number[] };
    findings: Array<{ code: string; message: string }>;
    repaired: boolean;
    /** What a lenient read repaired (recoverable problems turned into warnings or findings). */
    repairs: Array<{ code: string; message: string }>;
  };
}

export type MesherResult =
  /** A passed check also carries the validated mesh to store. */
  | { kind: 'inspect'; result: InspectResult; stored?: StoredMesh }
  | { kind: 'verify'; triangles: number }
  /** notes: the parse warnings that are notes in every mode (recomputed STL normals, ...), not repairs. */
  | { kind: 'pipeline'; result: PipelineOutcome; notes: Array<{ code: string; message: string }> }
  | { kind: 'prompt'; result: DesignOutcome }
  /** The grid stays in the thread; a picture the mesher refuses comes back as its code and message. */
  | {
      kind: 'reference';
      result:
        | ({ ok: true } & Omit<ReferenceDesignOutcome, 'grid'>)
        | { ok: false; code: ReferenceFailureCode; message: string };
    };

export type MesherMessage =
  | { type: 'ready' }
  | { type: 'progress'; stage: string; fraction: number }
  | { type: 'done'; output: MesherResult }
  | { type: 'failed'; message: string };
