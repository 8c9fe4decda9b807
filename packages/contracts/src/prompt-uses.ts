/**
 * Which Mode B prompts describe a use block kits are not allowed for (rule 4): "a bench for two"
 * is a seat for people, which no kit may carry. The one rule for the app (said when the design is
 * made, before anything is generated) and the server (a prompt's design is not published for it).
 * Prompts are read in English, German and French, lower-cased and without accents.
 *
 * The rules judge what the design is for, not single words: a thing whose purpose is the use (a
 * lamp lights, a fountain holds water, a ladder is climbed) counts when it is what the prompt
 * makes, the head of its first phrase ("a bedside lamp", "eine Tischlampe"), not when it is a part
 * of something else ("a lighthouse with a lamp room", "a fire engine with a ladder"); phrases that
 * say the use outright ("a lamp that lights up", "with a bulb", "to climb") count anywhere.
 */
import type { SafetyQuestion } from './listing-terms';
import type { BlockedUseCase } from './use-cases';

export interface PromptUseRestriction {
  /** The blocked use the prompt describes. */
  use_case: BlockedUseCase;
  /** The publishing safety question that use answers "yes" to. */
  safety: SafetyQuestion;
  /** The words of the prompt that said so, as written (lower case, no accents). */
  matched: string;
}

interface Rule {
  use_case: BlockedUseCase;
  safety: SafetyQuestion;
  /** Phrases that say the use wherever they are in the prompt. */
  patterns: RegExp[];
  /** Things whose purpose is the use: they count only in the prompt's head phrase (what it makes). */
  things?: RegExp[];
}

const SEAT =
  '(?:bench|chair|stool|seat|sofa|couch|armchair|swing|bank|stuhl|hocker|sessel|sitzbank|schaukel|banc|chaise|tabouret|fauteuil|canape|siege|balancoire)';
const PEOPLE =
  '(?:one|two|three|four|five|six|\\d+|people|persons|adults|grown-?ups|guests|me|us|the family|zwei|drei|vier|personen|erwachsene|uns|mich|deux|trois|quatre|personnes|adultes|nous|moi)';

const RULES: Rule[] = [
  {
    // A seat for people (or anything people sit, stand or climb on) carries people.
    use_case: 'structural',
    safety: 'bears_loads_or_people',
    patterns: [
      new RegExp(`\\b${SEAT}s?\\b[^.;!?]{0,40}?\\b(?:for|fur|pour)\\s+${PEOPLE}\\b`),
      /\b(?:to|can|could|will) sit\b|\bsit(?:ting)? on\b|\bfor sitting\b|\bseating for\b|\bto stand on\b|\bto climb\b/,
      /\bzum (?:sitzen|draufsitzen|draufstellen|klettern)\b|\bdarauf sitzen\b|\bsitzplatz/,
      /\bpour s['’ ]?asseoir\b|\bs['’ ]asseoir dessus\b|\bpour grimper\b/,
    ],
    things: [/\b(?:step ?stool|ladder|leiter|trittschemel|echelle|escabeau)s?\b/],
  },
  {
    use_case: 'child_use',
    safety: 'intended_for_children',
    patterns: [
      /\b(?:for|toy for) (?:my |our |a |the |little )?(?:kids?|children|child|toddlers?|bab(?:y|ies)|son|daughter)\b/,
      /\bfur (?:mein(?:e|en)? |die |unsere? |kleine )?(?:kinder?|kleinkinder?|baby|babys|sohn|tochter)\b/,
      /\bpour (?:mes |les |un |une |nos |mon |ma |des )?(?:enfants?|bebes?|fils|fille|petits)\b/,
    ],
  },
  {
    use_case: 'electrical',
    safety: 'contains_electrics',
    patterns: [
      /\b(?:lights? up|light-up|(?:that|which) (?:lights?|glows?|shines?)|glowing|illuminated|working (?:lights?|lamps?)|(?:light ?)?bulbs?|led strip|led lights?|leds|batter(?:y|ies)|power socket|plugs? in|mains power|wired|wiring|lampshade|night ?light|with (?:a )?lights? inside|(?:lamps?|lights?) inside)\b/,
      /\b(?:leuchtet|beleuchtet|leuchtend|gluhbirne|steckdose|nachtlicht|batterien?|lichterkette|mit licht)\b/,
      /\b(?:qui s['’ ]?allume|qui eclaire|lumineu(?:x|se)|ampoule|prise electrique|veilleuse|guirlande lumineuse)\b/,
    ],
    things: [
      // A lamp is for light, unless the word names a part of something else ("a lamp room").
      /\b(?:lamps?|chandeliers?|(?:desk|table|floor|ceiling|reading|wall) lights?)\b(?! ?(?:room|house|chamber|gallery)\b)/,
      /\b\w*(?:lampe|leuchte)n?\b/,
      /(?<!\b(?:salle|chambre|piece|cage) (?:de la |de |des |a ))\b(?:lampes?|luminaires?|lampadaires?|lustres?)\b/,
    ],
  },
  {
    use_case: 'wet_area',
    safety: 'used_outdoors_in_water',
    patterns: [
      /\b(?:that holds water|for water|filled with water|holds? water|water-?tight|waterproof|with (?:running )?water)\b/,
      /\b(?:fur wasser|mit wasser|wasserdicht)\b/,
      /\b(?:pour l['’ ]?eau|avec de l['’ ]?eau|etanche)\b/,
    ],
    things: [
      /\b(?:fountain|bird ?bath|aquarium|fish ?tank|shower|bath ?tub|sink|paddling pool)s?\b/,
      /\b(?:springbrunnen|vogeltranke|aquarium|dusche|badewanne)\b/,
      /\b(?:fontaine|bain d['’ ]oiseaux|aquarium|douche|baignoire)s?\b/,
    ],
  },
];

/**
 * What a prompt makes: its first phrase, before "with", "mit", "avec" and the like or a comma, so
 * "a lighthouse with a lamp" makes a lighthouse.
 */
function headPhrase(text: string): string {
  const end = text.search(/\b(?:with|having|featuring|including|mit|avec|und mit|et avec)\b|[,;:]/);
  return end < 0 ? text : text.slice(0, end);
}

/** A prompt as the rules read it: lower case, accents removed, spaces collapsed. */
function normalise(prompt: string): string {
  return prompt
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The blocked uses a prompt describes, each once, in the order of the rules (none: []). */
export function promptUseRestrictions(prompt: string | null | undefined): PromptUseRestriction[] {
  if (!prompt) return [];
  const text = normalise(prompt);
  const head = headPhrase(text);
  const out: PromptUseRestriction[] = [];
  for (const rule of RULES) {
    const searches = [
      ...rule.patterns.map((pattern) => pattern.exec(text)),
      ...(rule.things ?? []).map((thing) => thing.exec(head)),
    ];
    const match = searches.find((m) => m !== null);
    if (match) out.push({ use_case: rule.use_case, safety: rule.safety, matched: match[0] });
  }
  return out;
}
