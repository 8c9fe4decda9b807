// The few pieces of XML a 3MF reader needs, without a DOM: a pattern that finds tags (groups: 1 "/"
// when closing, 2 a namespace prefix, 3 the local name, 4 the attribute text, 5 "/" when
// self-closing) and the attributes of one tag by local name.

const TAG_SOURCE =
  /<\s*(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)\s*>/
    .source;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** A fresh global tag pattern: each scan keeps its own position. */
export function tagPattern(): RegExp {
  return new RegExp(TAG_SOURCE, 'g');
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
