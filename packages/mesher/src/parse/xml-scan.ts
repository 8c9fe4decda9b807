// The few pieces of XML a 3MF reader needs, without a DOM: every tag in order (its local name,
// whether it closes or closes itself, its attribute text) and the attributes of one tag by local
// name. Text between tags is not read; 3MF and the slicers' configs keep their data in attributes.

const TAG_SOURCE =
  /<\s*(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)\s*>/
    .source;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export interface XmlTag {
  /** Without its namespace prefix (`p:path`'s element `component`, not `p:component`). */
  name: string;
  /** `</name>`. */
  closing: boolean;
  /** `<name … />`. */
  selfClosing: boolean;
  /** The attributes as written; `attributes` reads them. */
  attributeText: string;
}

/** Calls `visit` with every tag of `text` in order (each scan has its own pattern and position). */
export function forEachTag(text: string, visit: (tag: XmlTag) => void): void {
  const tags = new RegExp(TAG_SOURCE, 'g');
  for (let m = tags.exec(text); m; m = tags.exec(text)) {
    visit({ name: m[3]!, closing: m[1] === '/', selfClosing: m[5] === '/', attributeText: m[4] ?? '' });
  }
}

/** Attributes by local name (`p:path` is `path`, `slic3rpe:mmu_segmentation` is `mmu_segmentation`). */
export function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) {
    const key = m[1]!;
    out[key.slice(key.indexOf(':') + 1)] = m[2] ?? m[3] ?? '';
  }
  return out;
}

/** `#RRGGBB` or `#RRGGBBAA` as bytes, else null. */
export function parseHexColour(value: string | undefined): [number, number, number] | null {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  const hex = Number.parseInt(match[1]!, 16);
  return [(hex >> 16) & 0xff, (hex >> 8) & 0xff, hex & 0xff];
}
