/**
 * Hand-written English for the demo gallery's French and German designs, so a newcomer's first
 * look at `npm start` reads like the product (real translations) while every other text still
 * goes through the pseudo-translator and visibly looks machine-made. Keys are the exact source
 * texts of `db/seed-catalogue.ts`; tags are one text, joined with ", " as the translation job
 * sends them.
 */
import type { TranslationProvider } from './translation-provider';

export type Glossary = Readonly<Record<string, Readonly<Partial<Record<string, string>>>>>;

export const DEMO_GLOSSARY: Glossary = {
  'Tour rouge': { en: 'Red tower' },
  'Une tour élancée avec un toit rouge, comme un phare breton miniature.': {
    en: 'A slender tower with a red roof, like a miniature Breton lighthouse.',
  },
  'tour, phare, bretagne': { en: 'tower, lighthouse, brittany' },
  'Jardinière lavande': { en: 'Lavender planter' },
  'Une jardinière violette pour rappeler les champs de lavande de Provence.': {
    en: 'A purple planter that recalls the lavender fields of Provence.',
  },
  'jardinière, provence': { en: 'planter, provence' },
  'Banc de jardin': { en: 'Garden bench' },
  'Un petit banc de jardin vert, pour une maquette de square parisien.': {
    en: 'A small green garden bench for a model of a Parisian square.',
  },
  'banc, jardin, paris': { en: 'bench, garden, paris' },
  'Arc de pierre': { en: 'Stone arch' },
  'Une arche en pierre claire pour encadrer une allée de diorama.': {
    en: 'A light stone arch to frame a path in a diorama.',
  },
  'arche, pierre': { en: 'arch, stone' },
  'Petite maison': { en: 'Little house' },
  'Une petite maison blanche au toit bleu, façon village de pêcheurs.': {
    en: 'A little white house with a blue roof, in the style of a fishing village.',
  },
  'maison, village': { en: 'house, village' },
  'Pyramide dorée': { en: 'Golden pyramid' },
  'Une pyramide jaune pour une vitrine sur l’Égypte ancienne.': {
    en: 'A yellow pyramid for a display case about ancient Egypt.',
  },
  'pyramide, égypte': { en: 'pyramid, egypt' },
  'Petit lapin': { en: 'Little rabbit' },
  'Un petit lapin tout rond, parfait pour une étagère d’enfant… à regarder, pas à manipuler.': {
    en: 'A small, round rabbit, perfect for a child’s shelf… to look at, not to handle.',
  },
  'lapin, mignon': { en: 'rabbit, cute' },
  'Roter Turm': { en: 'Red tower' },
  'Ein roter Turm mit schwarzem Dach, wie auf einer alten Stadtmauer.': {
    en: 'A red tower with a black roof, like one on an old city wall.',
  },
  'turm, stadtmauer': { en: 'tower, city wall' },
  Gartenbank: { en: 'Garden bench' },
  'Eine kleine braune Gartenbank für die Modelleisenbahn.': {
    en: 'A small brown garden bench for a model railway.',
  },
  'bank, modellbahn': { en: 'bench, model railway' },
  'Brücke über den Bach': { en: 'Bridge over the stream' },
  'Eine graue Steinbrücke für eine Bachlandschaft im Diorama.': {
    en: 'A grey stone bridge for a stream landscape in a diorama.',
  },
  'brücke, diorama': { en: 'bridge, diorama' },
  Blumenkasten: { en: 'Flower box' },
  'Ein oranger Blumenkasten für das Fensterbrett.': { en: 'An orange flower box for the windowsill.' },
  'blumen, fenster': { en: 'flowers, window' },
  Regal: { en: 'Shelf' },
  'Ein kleines schwarzes Regal als Deko für den Schreibtisch.': {
    en: 'A small black shelf as a decoration for the desk.',
  },
  'regal, schreibtisch': { en: 'shelf, desk' },
  Treppe: { en: 'Stairs' },
  'Eine kurze Treppe aus grauen Steinen für ein Burgdiorama.': {
    en: 'A short flight of grey stone stairs for a castle diorama.',
  },
  'treppe, burg': { en: 'stairs, castle' },
  Zahnrad: { en: 'Gear wheel' },
  'Ein großes Zahnrad als Deko für die Werkstatt. Es dreht sich nicht, sieht aber so aus.': {
    en: 'A large gear wheel to decorate the workshop. It does not turn, but it looks as if it does.',
  },
  'zahnrad, werkstatt': { en: 'gear wheel, workshop' },
};

/** Answers from the glossary where it has the text in the target language, else asks `fallback`. */
export function withGlossary(glossary: Glossary, fallback: TranslationProvider): TranslationProvider {
  return {
    id: `glossary+${fallback.id}`,
    async translate(texts, from, to) {
      const missing = texts.filter((text) => glossary[text]?.[to] === undefined);
      const translated = missing.length > 0 ? await fallback.translate(missing, from, to) : [];
      let next = 0;
      return texts.map((text) => glossary[text]?.[to] ?? (translated[next++] as string));
    },
  };
}
