/** How listing text is normalised before it is stored and searched. */

/** Tags in lower case, trimmed, without blanks or repeats, in the order given. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
}

/** The distinct words of some texts that the search vocabulary keeps (2–64 letters or digits). */
export function searchWordsOf(texts: readonly string[]): string[] {
  return [
    ...new Set(
      texts
        .join(' ')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 2 && w.length <= 64),
    ),
  ];
}
