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
import { completionContent, GenerationFailure } from './endpoint-answer';
import { fallbackProposal, type GenerationProvider } from './generation-provider';

export interface HttpGenerationConfig {
  url: string;
  model: string;
  key: string | null;
  /** One deadline for the whole exchange: connecting, the headers and the entire body. */
  timeoutMs: number;
  /** The largest answer read, in bytes (default GENERATION_ANSWER_MAX_BYTES). */
  maxBytes?: number;
}

/**
 * The largest answer read: 1 MiB. A program the models write is a few KB; one at the language's
 * limits (600 nodes, outlines of 64 points, four-digit coordinates) is about half a MiB written
 * out, escaped inside the chat completion's message string. Past that, the answer is refused
 * rather than held in memory.
 */
export const GENERATION_ANSWER_MAX_BYTES = 1024 * 1024;

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
  const maxBytes = config.maxBytes ?? GENERATION_ANSWER_MAX_BYTES;

  /** One request under one deadline (connect, headers and the whole body), hung up when done. */
  async function ask(prompt: string, signal: AbortSignal) {
    const stop = new AbortController();
    let timedOut = false;
    // A timer of our own holding the controller: AbortSignal.timeout only holds its signal weakly,
    // and once fetch has answered nothing else may, so the deadline was lost while a body streamed.
    const deadline = setTimeout(() => {
      timedOut = true;
      stop.abort();
    }, config.timeoutMs);
    const cancel = () => stop.abort(signal.reason);
    signal.addEventListener('abort', cancel, { once: true });
    if (signal.aborted) cancel();
    let answered = false;
    const request = () =>
      fetch(`${config.url}/chat/completions`, {
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
        // Never followed: a redirect would send the prompt and the key somewhere else.
        redirect: 'manual',
        signal: stop.signal,
      });
    try {
      let res: Response;
      try {
        res = await request();
      } catch (err) {
        // A kept-alive connection the endpoint closed as we reused it fails before any answer:
        // asked once more, within the same deadline (the prompt is safe to send twice).
        if (signal.aborted || timedOut) throw err;
        res = await request();
      }
      answered = true;
      return await completionContent(res, maxBytes);
    } catch (err) {
      if (signal.aborted) throw err;
      if (timedOut) throw new GenerationFailure(`no complete answer within ${config.timeoutMs} ms`);
      if (err instanceof GenerationFailure) throw err;
      throw new GenerationFailure(answered ? 'the answer broke off' : 'the endpoint could not be reached');
    } finally {
      clearTimeout(deadline);
      signal.removeEventListener('abort', cancel);
      // Closes the connection of whatever was left unread (an answer refused or past the cap).
      stop.abort();
    }
  }

  async function program(prompt: string, signal: AbortSignal) {
    const content = await ask(prompt, signal);
    let program: unknown;
    try {
      program = JSON.parse(programText(content));
    } catch {
      throw new GenerationFailure('the program was not JSON');
    }
    // The design language's own validator: only a valid program reaches the mesher.
    const checked = validateProgram(program);
    if (!checked.ok) {
      const first = checked.problems[0]!;
      throw new GenerationFailure(`the program is not valid: ${first.path} ${first.message}`);
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
        const written = await program(prompt, signal);
        return {
          status: 'success',
          reading: { ...procedural.reading, understood: [`design: written by ${config.model}`], ignored: [] },
          // The model's program first; the library's variants of the same prompt to choose from.
          variants: [
            { seed: options.seed ?? 0, recipe: null, program: written },
            ...procedural.variants.slice(0, 2),
          ],
          provider: 'http',
        };
      } catch (err) {
        if (!(err instanceof GenerationFailure)) throw err;
        return fallbackProposal(prompt, options, `http: ${err.message}`);
      }
    },
  };
}
