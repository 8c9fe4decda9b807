/**
 * The http generation provider: asks an OpenAI-compatible chat endpoint (POST {url}/chat/completions)
 * for a program in the design language, validates it strictly, and falls back to the procedural
 * provider on any failure (no answer in time, an error status, broken JSON, an invalid program),
 * recording why. A prompt for a use kits are not allowed for is refused before anything is asked.
 */
import {
  DESIGN_LANGUAGE_VERSION,
  DESIGN_LIMITS,
  type DesignProposal,
  PALETTE,
  type ProposeOptions,
  proposeDesigns,
  validateProgram,
} from '@kitwright/mesher';
import { fallbackProposal, type GenerationProvider } from './generation-provider';

export interface HttpGenerationConfig {
  url: string;
  model: string;
  key: string | null;
  timeoutMs: number;
}

/** What the model is told: the language, its limits and the palette, and to answer with JSON only. */
export const SYSTEM_PROMPT = [
  `You design small models built from cubic blocks. Answer with ONE JSON object only: a program in`,
  `the Kitwright design language version ${DESIGN_LANGUAGE_VERSION}:`,
  `{"version":1,"name":string,"bounds":[width,depth,height],"parts":[{"name":string,"paint":Paint,"shape":Node,"mode"?:"add"|"carve"}]}`,
  `Coordinates are cells, z is up, the model stands on z = 0; bounds at most ${DESIGN_LIMITS.maxSide} per side.`,
  `Node: {"type":"box","at":[x,y,z],"size":[w,d,h]} | {"type":"cylinder","at":[cx,cy,z],"radius":r,"height":h}`,
  `| {"type":"cone","at":[cx,cy,z],"radius":r,"top":r2,"height":h} | {"type":"sphere","at":[x,y,z],"radius":r}`,
  `| {"type":"torus","at":[x,y,z],"radius":R,"tube":r} | {"type":"prism","at":[x,y,z],"size":[w,d,h]}`,
  `| {"type":"extrude","at":[x,y,z],"outline":[[x,y],...],"height":h} | {"type":"revolve","at":[cx,cy,z],"profile":[[radius,z],...]}`,
  `| {"type":"union","children":[Node,...]} | {"type":"subtract","from":Node,"remove":[Node,...]}`,
  `| {"type":"place","transform":{"translate"?:[x,y,z],"rotate"?:[qx,qy,qz] quarter turns 0-3,"scale"?:[sx,sy,sz]},"child":Node}`,
  `| {"type":"repeat","count":n,"step":[dx,dy,dz],"child":Node} | {"type":"around","count":n,"centre":[cx,cy],"child":Node}`,
  `| {"type":"mirror","axis":"x"|"y"|"z","at":plane,"child":Node}.`,
  `Paint: {"colour":C} | {"pattern":"stripes","axis":"z","width":n,"colours":[C,C]} | {"pattern":"checks","width":n,"colours":[C,C]} | {"pattern":"gradient","axis":"z","colours":[C,C]}.`,
  `C is one of: ${PALETTE.map((c) => c.id).join(', ')}. Part names are lower case.`,
  `Keep every slab and wall at least 2 cells thick, rest everything on what is below it, and keep it in one piece.`,
].join('\n');

class Failure extends Error {}

/** The JSON in a model's answer, also when it wraps it in a Markdown code fence. */
function programText(content: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  return (fenced?.[1] ?? content).trim();
}

/** Always answers a proposal: the model's, or procedural's with the reason it fell back. */
export interface HttpGeneration extends GenerationProvider {
  propose(prompt: string, options: ProposeOptions, signal: AbortSignal): Promise<DesignProposal>;
}

export function createHttpGeneration(config: HttpGenerationConfig): HttpGeneration {
  async function ask(prompt: string, signal: AbortSignal) {
    let res: Response;
    try {
      res = await fetch(`${config.url}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
        },
        body: JSON.stringify({
          model: config.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: prompt },
          ],
          response_format: { type: 'json_object' },
        }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)]),
      });
    } catch (err) {
      if (signal.aborted) throw err;
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new Failure(
        timedOut ? `no answer within ${config.timeoutMs} ms` : 'the endpoint could not be reached',
      );
    }
    if (!res.ok) throw new Failure(`the endpoint answered ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new Failure('the answer was not JSON');
    }
    const content = (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message
      ?.content;
    if (typeof content !== 'string') throw new Failure('the answer held no message');
    let program: unknown;
    try {
      program = JSON.parse(programText(content));
    } catch {
      throw new Failure('the program was not JSON');
    }
    const checked = validateProgram(program);
    if (!checked.ok) {
      const first = checked.problems[0]!;
      throw new Failure(`the program is not valid: ${first.path} ${first.message}`);
    }
    return checked.program;
  }

  return {
    id: 'http',
    async propose(prompt: string, options: ProposeOptions, signal: AbortSignal): Promise<DesignProposal> {
      const procedural = proposeDesigns(prompt, options);
      // Never ask a model to design for a use that is not allowed: the rule answers at once.
      if (procedural.status === 'refused') return procedural;
      try {
        const program = await ask(prompt, signal);
        return {
          status: 'success',
          reading: { ...procedural.reading, understood: [`design: written by ${config.model}`], ignored: [] },
          // The model's program first; the library's variants of the same prompt to choose from.
          variants: [{ seed: options.seed ?? 0, recipe: null, program }, ...procedural.variants.slice(0, 2)],
          provider: 'http',
        };
      } catch (err) {
        if (!(err instanceof Failure)) throw err;
        return fallbackProposal(prompt, options, `http: ${err.message}`);
      }
    },
  };
}
