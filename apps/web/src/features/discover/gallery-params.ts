/**
 * The gallery's search, filters and sort as URL query parameters. The rules live in the contracts
 * (`gallery-url`), because the server renders the same first page and names its canonical URL.
 */
export {
  activeFilterCount,
  effectiveSort,
  type GalleryParams,
  readGalleryParams,
  SIZES,
  type SizeBand,
  toFilters,
} from '@kitwright/contracts/constants';
