// The few pieces of XML a 3MF reader needs, without a DOM: every tag in order (its local name,
// whether it closes or closes itself, its attribute text) and the attributes of one tag by local
// name. Text between tags is not read; 3MF and the slicers' configs keep their data in attributes.
// Comments, CDATA sections and processing instructions are skipped whole (markup inside them is not
// markup), and attribute values are unescaped (`&amp;`, `&#x20;`, ...).

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

/**
 * A tag, or what is not markup though it starts with `<` (a comment, a CDATA section, a processing
 * instruction; unterminated, it runs to the end), in one pattern so the text is scanned once.
 */
const TAG_OR_OPAQUE = new RegExp(
  `<!--[\\s\\S]*?(?:-->|$)|<!\\[CDATA\\[[\\s\\S]*?(?:\\]\\]>|$)|<\\?[\\s\\S]*?(?:\\?>|$)|${TAG_SOURCE}`,
  'g',
);

/** Calls `visit` with every tag of `text` in order (each scan has its own pattern and position). */
export function forEachTag(text: string, visit: (tag: XmlTag) => void): void {
  const tags = new RegExp(TAG_OR_OPAQUE);
  for (let m = tags.exec(text); m; m = tags.exec(text)) {
    // Comments, CDATA and processing instructions match without the tag's groups.
    if (m[3] === undefined) continue;
    visit({ name: m[3], closing: m[1] === '/', selfClosing: m[5] === '/', attributeText: m[4] ?? '' });
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute value with its character and entity references replaced. */
function unescapeXml(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref] ?? whole;
  });
}

/** Attributes by local name (`p:path` is `path`, `slic3rpe:mmu_segmentation` is `mmu_segmentation`). */
export function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) {
    const key = m[1]!;
    out[key.slice(key.indexOf(':') + 1)] = unescapeXml(m[2] ?? m[3] ?? '');
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
