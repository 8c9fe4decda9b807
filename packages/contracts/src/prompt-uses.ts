/**
 * Which Mode B prompts describe a use block kits are not allowed for (rule 4): "a bench for two"
 * is a seat for people, which no kit may carry. The one rule for the app (said when the design is
 * made, before anything is generated) and the server (a prompt's design is not published for it).
 * Prompts are read in English, German and French, lower-cased and without accents.
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
  patterns: RegExp[];
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
      /\b(?:step ?stool|ladder|leiter|trittschemel|echelle|escabeau)\b/,
    ],
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
      /\b(?:lamps?|lampshade|night ?light|light ?bulbs?|bulbs?|led strip|power socket|with (?:a )?lights? inside)\b/,
      /\b(?:lampe|leuchte|nachtlicht|gluhbirne|steckdose)\b/,
      /\b(?:luminaire|veilleuse|ampoule|prise electrique)\b/,
    ],
  },
  {
    use_case: 'wet_area',
    safety: 'used_outdoors_in_water',
    patterns: [
      /\b(?:fountain|bird ?bath|aquarium|fish ?tank|shower|bathtub|that holds water|for water)\b/,
      /\b(?:springbrunnen|vogeltranke|aquarium|dusche|badewanne)\b/,
      /\b(?:fontaine|bain d['’ ]oiseaux|aquarium|douche|baignoire)\b/,
    ],
  },
];

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
  const out: PromptUseRestriction[] = [];
  for (const rule of RULES) {
    for (const pattern of rule.patterns) {
      const match = pattern.exec(text);
      if (match) {
        out.push({ use_case: rule.use_case, safety: rule.safety, matched: match[0] });
        break;
      }
    }
  }
  return out;
}
