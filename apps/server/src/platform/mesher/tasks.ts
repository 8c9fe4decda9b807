/** The messages exchanged with a mesher worker thread. */
import type { ModelFormat, PipelineOutcome, PromptDesignOutcome } from '@kitwright/mesher';

export type MesherTask =
  | { kind: 'inspect'; bytes: Uint8Array; maxFileBytes: number; strict: boolean }
  | {
      kind: 'pipeline';
      bytes: Uint8Array;
      format?: ModelFormat;
      size: number;
      hollowWallThickness: number | null;
      colour: string | null;
      upAxis: 'x' | 'y' | 'z' | null;
      useCase: string;
      timeBudgetMs: number;
      maxFileBytes: number;
      strict: boolean;
    }
  | { kind: 'prompt'; prompt: string; size: number; locale: string; useCase: string };

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
  | { kind: 'inspect'; result: InspectResult }
  | { kind: 'pipeline'; result: PipelineOutcome }
  | { kind: 'prompt'; result: PromptDesignOutcome };

export type MesherMessage =
  | { type: 'ready' }
  | { type: 'progress'; stage: string; fraction: number }
  | { type: 'done'; output: MesherResult }
  | { type: 'failed'; message: string };
