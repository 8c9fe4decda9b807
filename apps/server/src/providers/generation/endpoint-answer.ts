/**
 * Reading a generation endpoint's answer without trusting it: a redirect is refused, the content
 * type must be JSON, the body is read chunk by chunk and abandoned the moment it passes the byte
 * cap (never buffered past it), parsed within the cap, and checked to be a chat completion before
 * anything in it is used. Each refusal is a `GenerationFailure` whose message says why.
 */
import Type from 'typebox';
import { Compile } from 'typebox/compile';

/** A refusal of the endpoint or its answer: the provider falls back to the design library. */
export class GenerationFailure extends Error {}

/** What the provider uses of an OpenAI-compatible chat completion; anything else in it is ignored. */
const ChatCompletion = Type.Object({
  choices: Type.Array(Type.Object({ message: Type.Object({ content: Type.String() }) }), { minItems: 1 }),
});
const chatCompletion = Compile(ChatCompletion);

/** Refuses a redirect (the prompt and key would go elsewhere), an error status and a non-JSON type. */
export function checkResponse(res: Response): void {
  // `redirect: 'manual'` hands the 3xx back (an opaque redirect, status 0, where the runtime hides it).
  if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400))
    throw new GenerationFailure(`the endpoint answered a redirect (${res.status}), which is refused`);
  if (!res.ok) throw new GenerationFailure(`the endpoint answered ${res.status}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type))
    throw new GenerationFailure(`the answer is ${type || 'of no content type'}, not JSON`);
}

/**
 * The body read up to `maxBytes`: refused at once when its declared length is larger, and given up
 * as soon as the bytes received pass the cap. The caller aborts the request afterwards, which
 * closes the connection of an answer left unread.
 */
async function readCapped(res: Response, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new GenerationFailure(`the answer is larger than ${maxBytes} bytes`);
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    throw err;
  }
  return Buffer.concat(chunks, total);
}

/** The model's message from the answer, every step within the cap and checked. */
export async function completionContent(res: Response, maxBytes: number): Promise<string> {
  checkResponse(res);
  const bytes = await readCapped(res, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new GenerationFailure('the answer was not JSON');
  }
  if (!chatCompletion.Check(body)) {
    const first = chatCompletion.Errors(body)[0];
    throw new GenerationFailure(
      `the answer is not a chat completion: ${first ? `${first.instancePath || '/'} ${first.message}` : 'wrong shape'}`,
    );
  }
  return body.choices[0]!.message.content;
}
