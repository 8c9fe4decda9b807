// Public API of @kitwright/mesher: uploaded model or prompt in, validated block kit out. Pure
// TypeScript with no I/O, usable from server workers, tests, the CLI and the app.

export {
  analyseJointForces,
  analyseJointsDuringBuild,
  type BuildJointReport,
  JOINT_LIST_LIMIT,
  type JointForceReport,
  type JointLoad,
  type JointVerdict,
  PARTIAL_BUILD_MODEL,
  PIN_DESIGN_FORCE_N,
  PIN_MODEL,
  pullsOut,
  type StepJointLoad,
  supportUntilSteps,
} from './build/joint-forces';
export {
  type BuildJointCheck,
  type BuildOrderCheck,
  GROUND_CONTACT,
  type GroundContact,
  groundToleranceMm,
  type StabilityReport,
  type UnsupportedBlock,
  type UnsupportedReason,
  type WeakBlock,
  type WeakInterface,
} from './build/stability';
export { TIPPING, tippingAngleDeg } from './build/tipping';
export { checkUseCase, type UseCaseDecision } from './build/use-case-gate';
export {
  BUILD_PROBLEM_CODES,
  type BuildProblem,
  type BuildProblemCode,
  type BuildReport,
  type DetachedGroup,
  type ValidateBuildOptions,
  validateBuild,
} from './build/validate-build';
export {
  DEFAULT_COLOUR,
  isPaletteColourId,
  PALETTE,
  type PaletteColour,
  type PaletteColourId,
} from './colour/palette';
export {
  DEFAULT_MESHER_LIMITS,
  MESH_BYTES_PER_TRIANGLE,
  MESH_BYTES_PER_VERTEX,
  MESH_MEMORY_BUDGET_BYTES,
  type MesherLimits,
} from './config/limits';
export { MODEL_FILE_EXTENSIONS, REFERENCE_KINDS, REFERENCE_LIMITS, type ReferenceKind } from './constants';
export {
  type DesignRecipe,
  designById,
  MAX_DESIGN_SIZE,
  MIN_DESIGN_SIZE,
  type PartLookChoice,
} from './design/compose';
export {
  type DesignChoice,
  type DesignOutcome,
  type GenerateDesignOptions,
  generateDesign,
  type VariantSummary,
} from './design/generate-design';
export { type DesignParam, LIBRARY, type LibraryDesign } from './design/library';
export { type DesignSuggestion, designName, nearestDesigns } from './design/nearest-designs';
export {
  buildDesign,
  DEFAULT_DESIGN_SIZE,
  type DesignProposal,
  type DesignRefusal,
  type DesignVariant,
  type ProposeOptions,
  proposeDesigns,
  refusalOf,
  type UnknownDesign,
  unknownDesign,
  VARIANT_COUNT,
} from './design/procedural';
export {
  DESIGN_LANGUAGE_VERSION,
  DESIGN_LIMITS,
  type DesignNode,
  type DesignPart,
  type DesignProgram,
  type Paint,
  type Primitive,
  type ProgramProblem,
  validateProgram,
} from './design/program';
export {
  applyProgramParams,
  EDITABLE_PART_COUNT,
  type ProgramEditResult,
  type ProgramParam,
  programParams,
} from './design/program-edits';
export { type PromptLanguage, promptLanguage } from './design/prompt-language';
export { type PromptReading, readPrompt } from './design/read-prompt';
export { coloursInGrid, partExtents, voxeliseProgram } from './design/voxelise-program';
export {
  isMeshErrorCode,
  isRecoverableErrorCode,
  MESH_ERROR_CODES,
  MESH_ERROR_MESSAGES,
  type MeshError,
  type MeshErrorCode,
  MeshFailure,
  RECOVERABLE_ERROR_CODES,
  REPAIR_HINTS,
  type RecoverableErrorCode,
} from './errors/error-codes';
export {
  type BillOfMaterialsLine,
  BLOCK_KIT_VERSION,
  type BlockKit,
  type BuildStep,
  createKitPairs,
  type KitBlock,
  type KitFastener,
  type KitMetrics,
  type KitPairs,
  pinsForOverlap,
  type StabilityVerdict,
  type StructuralVerdict,
  totalPins,
} from './kit/block-kit';
export {
  type BuildBlockKitOptions,
  buildBlockKit,
  COMPACT_WORK_BUDGET,
  MESHER_VERSION,
  REPAIR_WORK_BUDGET,
} from './kit/build-block-kit';
export {
  BLOCK_CATALOGUE,
  BLOCK_MODULE,
  type BlockPart,
  type BlockPartId,
  FASTENER_CATALOGUE,
  type FastenerPartId,
} from './kit/catalogue';
export {
  COMPACT_KIT_VERSION,
  type CompactKitDocument,
  decodeKit,
  encodeKit,
  KitFormatError,
  parseKit,
  type StoredKitV2,
  serialiseKit,
  toVersion2,
} from './kit/kit-codec';
export { loadRegionSolver, type RegionSolver } from './kit/region-solver';
export { type DecodeMeshOptions, decodeMesh, encodeMesh, MESH_BINARY_VERSION } from './mesh/mesh-binary';
export {
  type Axis,
  parseUpDirection,
  type TriangleMesh,
  UP_DIRECTIONS,
  type UpDirection,
} from './mesh/triangle-mesh';
export {
  type BoundingBox,
  MESH_FINDING_CODES,
  type MeshFinding,
  type MeshFindingCode,
  type MeshReport,
  type ValidateMeshOptions,
  validateAndOrient,
  validateMesh,
} from './mesh/validate-mesh';
export { detectModelFormat, isModelFormat, MODEL_FORMATS, type ModelFormat } from './parse/detect-format';
export {
  type GeometryDecoders,
  geometryDecodersFor,
  loadGeometryDecoders,
} from './parse/geometry-decoders';
export { type ParseOptions, type ParseOutcome, parseModel } from './parse/parse-model';
export { PARSE_WARNING_CODES, type ParseWarning, type ParseWarningCode } from './parse/parse-warning';
export {
  type InspectModelOptions,
  type InspectOutcome,
  type InspectParseFailure,
  type InspectSuccess,
  type InspectValidationFailure,
  inspectModel,
} from './pipeline/inspect-model';
export {
  type MeshPipelineOptions,
  PIPELINE_STAGES,
  type PipelineOutcome,
  type PipelineProgress,
  type PipelineStage,
  type PipelineTimings,
  runMeshPipeline,
  type ValidatedMesh,
} from './pipeline/run-mesh-pipeline';
export {
  type ChoosePoseOptions,
  choosePose,
  givenPose,
  POSE_SCORING,
  type PoseCandidate,
  type PoseChoice,
  type PoseReasonCode,
  standingSide,
} from './pose/choose-pose';
export { type PreviewOptions, renderPreviewSvg } from './preview/render-preview-svg';
export {
  generateFromReference,
  REFERENCE_FAILURE_CODES,
  type ReferenceDesignOptions,
  type ReferenceDesignOutcome,
  ReferenceFailure,
  type ReferenceFailureCode,
  type ReferenceSummary,
} from './reference/generate-from-reference';
export type { RgbaImage } from './reference/reference-image';
export { cellIndex, createVoxelGrid, type VoxelGrid, type VoxelGridStats } from './voxel/voxel-grid';
export { type VoxeliseOptions, voxelise } from './voxel/voxelise';
