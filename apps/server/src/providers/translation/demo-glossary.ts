/**
 * Hand-written translations of the demo gallery's designs into the other two supported
 * languages, so a newcomer's first look at `npm start` reads like the product in English, French
 * or German; every other text goes to the configured fallback (none locally, so people see their
 * own words; the pseudo-translator where staff or tests want visibly machine-made text). Each
 * design is written once in all three languages; `source` names the one its designer wrote in
 * (the text in `seed/catalogue.ts`). Tags are one text, joined with ", " as the translation job
 * sends them.
 */
import type { TranslationProvider } from './translation-provider';

export type Glossary = Readonly<Record<string, Readonly<Partial<Record<string, string>>>>>;

type Lang = 'en' | 'fr' | 'de';
/** Title, description, tags. */
type Texts = readonly [string, string, string];

const DEMO_DESIGNS: ReadonlyArray<{ source: Lang } & Record<Lang, Texts>> = [
  {
    source: 'en',
    en: [
      'Stanford bunny',
      'The famous scanned bunny, turned into a buildable kit. A classic of computer graphics for your desk.',
      'bunny, classic, scan',
    ],
    fr: [
      'Lapin de Stanford',
      'Le célèbre lapin numérisé, devenu un kit à construire. Un classique de l’infographie pour votre bureau.',
      'lapin, classique, numérisation',
    ],
    de: [
      'Stanford-Hase',
      'Der berühmte gescannte Hase als baubarer Bausatz. Ein Klassiker der Computergrafik für den Schreibtisch.',
      'hase, klassiker, scan',
    ],
  },
  {
    source: 'en',
    en: [
      'Utah teapot',
      'The Utah teapot from 1975, the most rendered object in history, now in blocks. It does not hold tea.',
      'teapot, classic',
    ],
    fr: [
      'Théière de l’Utah',
      'La théière de l’Utah de 1975, l’objet le plus rendu de l’histoire, désormais en blocs. Elle ne contient pas de thé.',
      'théière, classique',
    ],
    de: [
      'Utah-Teekanne',
      'Die Utah-Teekanne von 1975, das meistgerenderte Objekt der Geschichte, jetzt aus Steinen. Tee hält sie nicht.',
      'teekanne, klassiker',
    ],
  },
  {
    source: 'en',
    en: [
      'Stanford dragon',
      'A coiled dragon from the Stanford scan repository, simplified into a sturdy little kit.',
      'dragon, scan, fantasy',
    ],
    fr: [
      'Dragon de Stanford',
      'Un dragon enroulé issu des numérisations de Stanford, simplifié en un petit kit robuste.',
      'dragon, numérisation, fantastique',
    ],
    de: [
      'Stanford-Drache',
      'Ein zusammengerollter Drache aus dem Stanford-Scanarchiv, vereinfacht zu einem stabilen kleinen Bausatz.',
      'drache, scan, fantasy',
    ],
  },
  {
    source: 'en',
    en: [
      'Desk cube',
      'A plain cube to learn how fasteners join the layers. A good first build.',
      'cube, beginner',
    ],
    fr: [
      'Cube de bureau',
      'Un simple cube pour apprendre comment les attaches relient les couches. Une bonne première construction.',
      'cube, débutant',
    ],
    de: [
      'Schreibtischwürfel',
      'Ein schlichter Würfel, um zu lernen, wie Verbinder die Lagen zusammenhalten. Ein guter erster Bau.',
      'würfel, einsteiger',
    ],
  },
  {
    source: 'en',
    en: [
      'Red roof lighthouse',
      'A slender lighthouse with a bright red roof for a coastal windowsill.',
      'lighthouse, coast, tower',
    ],
    fr: [
      'Phare au toit rouge',
      'Un phare élancé au toit rouge vif pour un rebord de fenêtre en bord de mer.',
      'phare, côte, tour',
    ],
    de: [
      'Leuchtturm mit rotem Dach',
      'Ein schlanker Leuchtturm mit leuchtend rotem Dach für ein Fensterbrett an der Küste.',
      'leuchtturm, küste, turm',
    ],
  },
  {
    source: 'en',
    en: ['Blue harbour tower', 'A harbour watchtower in deep blue with a white roof.', 'tower, harbour'],
    fr: ['Tour bleue du port', 'Une tour de guet de port d’un bleu profond, au toit blanc.', 'tour, port'],
    de: ['Blauer Hafenturm', 'Ein Wachturm am Hafen in tiefem Blau mit weißem Dach.', 'turm, hafen'],
  },
  {
    source: 'en',
    en: [
      'Herb planter',
      'A green planter box for a few herb pots on the kitchen sill.',
      'planter, kitchen, herbs',
    ],
    fr: [
      'Jardinière à herbes',
      'Une jardinière verte pour quelques pots d’herbes sur le rebord de la cuisine.',
      'jardinière, cuisine, herbes',
    ],
    de: [
      'Kräuterkasten',
      'Ein grüner Pflanzkasten für ein paar Kräutertöpfe auf der Küchenfensterbank.',
      'pflanzkasten, küche, kräuter',
    ],
  },
  {
    source: 'en',
    en: [
      'Tiny terracotta planter',
      'A small orange planter that holds a single succulent pot.',
      'planter, succulent',
    ],
    fr: [
      'Mini jardinière terre cuite',
      'Une petite jardinière orange pour un seul pot de plante grasse.',
      'jardinière, plante grasse',
    ],
    de: [
      'Kleiner Terrakotta-Topf',
      'Ein kleiner oranger Pflanzkasten für einen einzelnen Sukkulententopf.',
      'pflanzkasten, sukkulente',
    ],
  },
  {
    source: 'en',
    en: [
      'Garden bench miniature',
      'A miniature garden bench with a brown seat, for a model garden.',
      'bench, garden, miniature',
    ],
    fr: [
      'Banc de jardin miniature',
      'Un banc de jardin miniature à l’assise marron, pour un jardin en maquette.',
      'banc, jardin, miniature',
    ],
    de: [
      'Miniatur-Gartenbank',
      'Eine Miniatur-Gartenbank mit brauner Sitzfläche für einen Modellgarten.',
      'bank, garten, miniatur',
    ],
  },
  {
    source: 'en',
    en: ['Park bench', 'A dark green park bench in miniature, like the ones by the lake.', 'bench, park'],
    fr: ['Banc public', 'Un banc public vert foncé en miniature, comme ceux du bord du lac.', 'banc, parc'],
    de: ['Parkbank', 'Eine dunkelgrüne Parkbank in Miniatur, wie die am See.', 'bank, park'],
  },
  {
    source: 'en',
    en: [
      'Stone arch',
      'A grey stone arch to frame a small garden path in a diorama.',
      'arch, stone, diorama',
    ],
    fr: [
      'Arche en pierre',
      'Une arche en pierre grise pour encadrer une petite allée de jardin dans un diorama.',
      'arche, pierre, diorama',
    ],
    de: [
      'Steinbogen',
      'Ein grauer Steinbogen, der einen kleinen Gartenweg im Diorama einrahmt.',
      'bogen, stein, diorama',
    ],
  },
  {
    source: 'en',
    en: ['Rainbow bridge', 'A little bridge in light blue for a toy-train layout scene.', 'bridge, diorama'],
    fr: ['Pont arc-en-ciel', 'Un petit pont bleu clair pour un décor de train miniature.', 'pont, diorama'],
    de: [
      'Regenbogenbrücke',
      'Eine kleine hellblaue Brücke für eine Spielzeugeisenbahn-Szene.',
      'brücke, diorama',
    ],
  },
  {
    source: 'en',
    en: ['Step pyramid', 'A yellow step pyramid inspired by ancient monuments.', 'pyramid, history'],
    fr: [
      'Pyramide à degrés',
      'Une pyramide à degrés jaune inspirée des monuments antiques.',
      'pyramide, histoire',
    ],
    de: [
      'Stufenpyramide',
      'Eine gelbe Stufenpyramide nach dem Vorbild antiker Bauwerke.',
      'pyramide, geschichte',
    ],
  },
  {
    source: 'en',
    en: [
      'Bookend shelf',
      'A small white display shelf for three favourite paperbacks. Decorative only.',
      'shelf, books, display',
    ],
    fr: [
      'Étagère serre-livres',
      'Une petite étagère blanche pour exposer trois livres de poche préférés. Purement décorative.',
      'étagère, livres, présentoir',
    ],
    de: [
      'Bücherstützen-Regal',
      'Ein kleines weißes Schauregal für drei Lieblingstaschenbücher. Nur zur Deko.',
      'regal, bücher, deko',
    ],
  },
  {
    source: 'en',
    en: [
      'Nordic cottage',
      'A cosy red cottage with a black roof, like the summer houses by the sea.',
      'house, cottage, nordic',
    ],
    fr: [
      'Cabane nordique',
      'Une cabane rouge et douillette au toit noir, comme les maisons d’été au bord de la mer.',
      'maison, cabane, nordique',
    ],
    de: [
      'Nordisches Häuschen',
      'Ein gemütliches rotes Häuschen mit schwarzem Dach, wie die Sommerhäuser am Meer.',
      'haus, häuschen, nordisch',
    ],
  },
  {
    source: 'en',
    en: ['Little stairs', 'A short flight of stairs for a dollhouse-scale diorama.', 'stairs, diorama'],
    fr: [
      'Petit escalier',
      'Une courte volée de marches pour un diorama à l’échelle d’une maison de poupée.',
      'escalier, diorama',
    ],
    de: ['Kleine Treppe', 'Eine kurze Treppe für ein Diorama im Puppenhausmaßstab.', 'treppe, diorama'],
  },
  {
    source: 'en',
    en: [
      'Coffee table',
      'A tan coffee table in miniature for a model living room.',
      'table, miniature, living room',
    ],
    fr: [
      'Table basse',
      'Une table basse beige en miniature pour un salon en maquette.',
      'table, miniature, salon',
    ],
    de: [
      'Couchtisch',
      'Ein hellbrauner Couchtisch in Miniatur für ein Modellwohnzimmer.',
      'tisch, miniatur, wohnzimmer',
    ],
  },
  {
    source: 'en',
    en: [
      'Keepsake box',
      'A purple keepsake box shape for a shelf — a display piece, not a container.',
      'box, purple',
    ],
    fr: [
      'Boîte à souvenirs',
      'Une forme de boîte à souvenirs violette pour une étagère — un objet décoratif, pas un contenant.',
      'boîte, violet',
    ],
    de: [
      'Erinnerungskiste',
      'Eine lila Erinnerungskiste fürs Regal — ein Schaustück, kein Behälter.',
      'kiste, lila',
    ],
  },
  {
    source: 'en',
    en: ['Garden wall', 'A low dark grey wall to edge a model garden bed.', 'wall, garden'],
    fr: [
      'Muret de jardin',
      'Un muret gris foncé pour border un parterre de jardin en maquette.',
      'mur, jardin',
    ],
    de: [
      'Gartenmauer',
      'Eine niedrige dunkelgraue Mauer als Einfassung für ein Modellbeet.',
      'mauer, garten',
    ],
  },
  {
    source: 'en',
    en: ['Pink tower', 'A candy pink tower with a purple roof, for a whimsical desk.', 'tower, pink'],
    fr: [
      'Tour rose',
      'Une tour rose bonbon au toit violet, pour un bureau plein de fantaisie.',
      'tour, rose',
    ],
    de: ['Rosa Turm', 'Ein bonbonrosa Turm mit lila Dach für einen verspielten Schreibtisch.', 'turm, rosa'],
  },
  {
    source: 'en',
    en: ['Lime planter', 'A bright lime planter to cheer up a grey office desk.', 'planter, office'],
    fr: [
      'Jardinière citron vert',
      'Une jardinière vert citron éclatante pour égayer un bureau gris.',
      'jardinière, bureau',
    ],
    de: [
      'Limettengrüner Pflanzkasten',
      'Ein leuchtend limettengrüner Pflanzkasten, der einen grauen Bürotisch aufheitert.',
      'pflanzkasten, büro',
    ],
  },
  {
    source: 'en',
    en: ['Red footbridge', 'A red footbridge for a Japanese garden diorama.', 'bridge, japanese, garden'],
    fr: [
      'Passerelle rouge',
      'Une passerelle rouge pour un diorama de jardin japonais.',
      'pont, japonais, jardin',
    ],
    de: [
      'Rote Fußgängerbrücke',
      'Eine rote Fußgängerbrücke für ein japanisches Garten-Diorama.',
      'brücke, japanisch, garten',
    ],
  },
  {
    source: 'en',
    en: ['Blue beach hut', 'A light blue beach hut with a white roof.', 'house, beach, hut'],
    fr: ['Cabine de plage bleue', 'Une cabine de plage bleu clair au toit blanc.', 'maison, plage, cabine'],
    de: ['Blaue Strandhütte', 'Eine hellblaue Strandhütte mit weißem Dach.', 'haus, strand, hütte'],
  },
  {
    source: 'en',
    en: ['Moss wall', 'A green low wall like an old mossy garden border.', 'wall, moss'],
    fr: [
      'Muret moussu',
      'Un muret vert comme une vieille bordure de jardin couverte de mousse.',
      'mur, mousse',
    ],
    de: ['Moosmauer', 'Eine niedrige grüne Mauer wie eine alte, bemooste Beeteinfassung.', 'mauer, moos'],
  },
  {
    source: 'en',
    en: ['My first tower', 'My very first design: a simple tower with a blue roof.', 'tower, first'],
    fr: ['Ma première tour', 'Ma toute première création : une tour simple au toit bleu.', 'tour, première'],
    de: ['Mein erster Turm', 'Mein allererster Entwurf: ein einfacher Turm mit blauem Dach.', 'turm, erster'],
  },
  {
    source: 'en',
    en: ['Window planter', 'A dark red planter sized for my kitchen window.', 'planter, window'],
    fr: [
      'Jardinière de fenêtre',
      'Une jardinière rouge foncé aux dimensions de la fenêtre de ma cuisine.',
      'jardinière, fenêtre',
    ],
    de: [
      'Fensterkasten',
      'Ein dunkelroter Pflanzkasten, passend für mein Küchenfenster.',
      'pflanzkasten, fenster',
    ],
  },
  {
    source: 'en',
    en: ['Tan garden table', 'A tan garden table in miniature with chunky legs.', 'table, garden'],
    fr: [
      'Table de jardin beige',
      'Une table de jardin beige en miniature aux pieds massifs.',
      'table, jardin',
    ],
    de: [
      'Hellbrauner Gartentisch',
      'Ein hellbrauner Gartentisch in Miniatur mit kräftigen Beinen.',
      'tisch, garten',
    ],
  },
  {
    source: 'en',
    en: ['Sunset arch', 'An orange arch for a desert sunset scene.', 'arch, desert'],
    fr: [
      'Arche du couchant',
      'Une arche orange pour une scène de coucher de soleil dans le désert.',
      'arche, désert',
    ],
    de: ['Abendrotbogen', 'Ein oranger Bogen für eine Sonnenuntergangsszene in der Wüste.', 'bogen, wüste'],
  },
  {
    source: 'fr',
    en: [
      'Little rabbit',
      'A small, round rabbit, perfect for a child’s shelf… to look at, not to handle.',
      'rabbit, cute',
    ],
    fr: [
      'Petit lapin',
      'Un petit lapin tout rond, parfait pour une étagère d’enfant… à regarder, pas à manipuler.',
      'lapin, mignon',
    ],
    de: [
      'Kleiner Hase',
      'Ein kleiner, runder Hase, perfekt für ein Kinderregal… zum Anschauen, nicht zum Anfassen.',
      'hase, niedlich',
    ],
  },
  {
    source: 'fr',
    en: [
      'Red tower',
      'A slender tower with a red roof, like a miniature Breton lighthouse.',
      'tower, lighthouse, brittany',
    ],
    fr: [
      'Tour rouge',
      'Une tour élancée avec un toit rouge, comme un phare breton miniature.',
      'tour, phare, bretagne',
    ],
    de: [
      'Roter Turm',
      'Ein schlanker Turm mit rotem Dach, wie ein bretonischer Leuchtturm in Miniatur.',
      'turm, leuchtturm, bretagne',
    ],
  },
  {
    source: 'fr',
    en: [
      'Lavender planter',
      'A purple planter that recalls the lavender fields of Provence.',
      'planter, provence',
    ],
    fr: [
      'Jardinière lavande',
      'Une jardinière violette pour rappeler les champs de lavande de Provence.',
      'jardinière, provence',
    ],
    de: [
      'Lavendel-Pflanzkasten',
      'Ein lila Pflanzkasten, der an die Lavendelfelder der Provence erinnert.',
      'pflanzkasten, provence',
    ],
  },
  {
    source: 'fr',
    en: [
      'Garden bench',
      'A small green garden bench for a model of a Parisian square.',
      'bench, garden, paris',
    ],
    fr: [
      'Banc de jardin',
      'Un petit banc de jardin vert, pour une maquette de square parisien.',
      'banc, jardin, paris',
    ],
    de: [
      'Gartenbank',
      'Eine kleine grüne Gartenbank für das Modell eines Pariser Platzes.',
      'bank, garten, paris',
    ],
  },
  {
    source: 'fr',
    en: ['Stone arch', 'A light stone arch to frame a path in a diorama.', 'arch, stone'],
    fr: ['Arc de pierre', 'Une arche en pierre claire pour encadrer une allée de diorama.', 'arche, pierre'],
    de: ['Steinbogen', 'Ein heller Steinbogen, der einen Weg im Diorama einrahmt.', 'bogen, stein'],
  },
  {
    source: 'fr',
    en: [
      'Little house',
      'A little white house with a blue roof, in the style of a fishing village.',
      'house, village',
    ],
    fr: [
      'Petite maison',
      'Une petite maison blanche au toit bleu, façon village de pêcheurs.',
      'maison, village',
    ],
    de: ['Kleines Haus', 'Ein kleines weißes Haus mit blauem Dach im Stil eines Fischerdorfs.', 'haus, dorf'],
  },
  {
    source: 'fr',
    en: ['Golden pyramid', 'A yellow pyramid for a display case about ancient Egypt.', 'pyramid, egypt'],
    fr: ['Pyramide dorée', 'Une pyramide jaune pour une vitrine sur l’Égypte ancienne.', 'pyramide, égypte'],
    de: [
      'Goldene Pyramide',
      'Eine gelbe Pyramide für eine Vitrine über das alte Ägypten.',
      'pyramide, ägypten',
    ],
  },
  {
    source: 'de',
    en: [
      'Gear wheel',
      'A large gear wheel to decorate the workshop. It does not turn, but it looks as if it does.',
      'gear wheel, workshop',
    ],
    fr: [
      'Roue dentée',
      'Une grande roue dentée pour décorer l’atelier. Elle ne tourne pas, mais on dirait.',
      'roue dentée, atelier',
    ],
    de: [
      'Zahnrad',
      'Ein großes Zahnrad als Deko für die Werkstatt. Es dreht sich nicht, sieht aber so aus.',
      'zahnrad, werkstatt',
    ],
  },
  {
    source: 'de',
    en: ['Red tower', 'A red tower with a black roof, like one on an old city wall.', 'tower, city wall'],
    fr: ['Tour rouge', 'Une tour rouge au toit noir, comme sur un vieux rempart.', 'tour, rempart'],
    de: [
      'Roter Turm',
      'Ein roter Turm mit schwarzem Dach, wie auf einer alten Stadtmauer.',
      'turm, stadtmauer',
    ],
  },
  {
    source: 'de',
    en: ['Garden bench', 'A small brown garden bench for a model railway.', 'bench, model railway'],
    fr: [
      'Banc de jardin',
      'Un petit banc de jardin marron pour un train miniature.',
      'banc, train miniature',
    ],
    de: ['Gartenbank', 'Eine kleine braune Gartenbank für die Modelleisenbahn.', 'bank, modellbahn'],
  },
  {
    source: 'de',
    en: [
      'Bridge over the stream',
      'A grey stone bridge for a stream landscape in a diorama.',
      'bridge, diorama',
    ],
    fr: [
      'Pont sur le ruisseau',
      'Un pont de pierre gris pour un paysage de ruisseau en diorama.',
      'pont, diorama',
    ],
    de: [
      'Brücke über den Bach',
      'Eine graue Steinbrücke für eine Bachlandschaft im Diorama.',
      'brücke, diorama',
    ],
  },
  {
    source: 'de',
    en: ['Flower box', 'An orange flower box for the windowsill.', 'flowers, window'],
    fr: ['Jardinière fleurie', 'Une jardinière orange pour le rebord de fenêtre.', 'fleurs, fenêtre'],
    de: ['Blumenkasten', 'Ein oranger Blumenkasten für das Fensterbrett.', 'blumen, fenster'],
  },
  {
    source: 'de',
    en: ['Shelf', 'A small black shelf as a decoration for the desk.', 'shelf, desk'],
    fr: ['Étagère', 'Une petite étagère noire pour décorer le bureau.', 'étagère, bureau'],
    de: ['Regal', 'Ein kleines schwarzes Regal als Deko für den Schreibtisch.', 'regal, schreibtisch'],
  },
  {
    source: 'de',
    en: ['Stairs', 'A short flight of grey stone stairs for a castle diorama.', 'stairs, castle'],
    fr: ['Escalier', 'Un petit escalier de pierres grises pour un diorama de château.', 'escalier, château'],
    de: ['Treppe', 'Eine kurze Treppe aus grauen Steinen für ein Burgdiorama.', 'treppe, burg'],
  },
];

/** Source text → its translation in each other language, from the designs above. */
export const DEMO_GLOSSARY: Glossary = Object.fromEntries(
  DEMO_DESIGNS.flatMap((design) =>
    [0, 1, 2].map((i) => [
      design[design.source][i],
      Object.fromEntries(
        (['en', 'fr', 'de'] as const).filter((l) => l !== design.source).map((l) => [l, design[l][i]]),
      ),
    ]),
  ),
);

/** Answers from the glossary where it has the text in the target language, else asks `fallback`. */
export function withGlossary(glossary: Glossary, fallback: TranslationProvider): TranslationProvider {
  return {
    id: `glossary+${fallback.id}`,
    async translate(texts, from, to) {
      const missing = texts.filter((text) => glossary[text]?.[to] === undefined);
      const translated = missing.length > 0 ? await fallback.translate(missing, from, to) : [];
      let next = 0;
      return texts.map((text) => glossary[text]?.[to] ?? translated[next++] ?? null);
    },
  };
}
