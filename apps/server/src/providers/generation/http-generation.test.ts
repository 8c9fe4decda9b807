// The http generation provider against a local OpenAI-compatible server: a canned valid program is
// used as the first variant; broken JSON, an invalid program, an error status and a timeout each
// fall back to the procedural provider with the reason recorded; a blocked use is never asked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpGeneration } from './http-generation';

const PROGRAM = {
  version: 1,
  name: 'obelisk',
  bounds: [6, 6, 20],
  parts: [
    { name: 'base', paint: { colour: 'dark-grey' }, shape: { type: 'box', at: [0, 0, 0], size: [6, 6, 2] } },
    {
      name: 'needle',
      paint: { colour: 'tan' },
      shape: { type: 'cone', at: [3, 3, 2], radius: 2.5, top: 0.5, height: 18 },
    },
  ],
};

type Answer = { status: number; body: string; delayMs?: number };
const answers: Record<string, Answer> = {
  'a stone obelisk': {
    status: 200,
    body: JSON.stringify({ choices: [{ message: { content: JSON.stringify(PROGRAM) } }] }),
  },
  'a fenced obelisk': {
    status: 200,
    body: JSON.stringify({
      choices: [{ message: { content: `Here it is:\n\`\`\`json\n${JSON.stringify(PROGRAM)}\n\`\`\`` } }],
    }),
  },
  'a broken lighthouse': { status: 200, body: '{"choices": [{"message": {"content": "{not json' },
  'an invalid lighthouse': {
    status: 200,
    body: JSON.stringify({
      choices: [{ message: { content: JSON.stringify({ ...PROGRAM, bounds: [500, 6, 20] }) } }],
    }),
  },
  'a failing lighthouse': { status: 503, body: '{"error":"overloaded"}' },
  'a slow lighthouse': {
    status: 200,
    body: JSON.stringify({ choices: [{ message: { content: JSON.stringify(PROGRAM) } }] }),
    delayMs: 3000,
  },
};

describe('the http generation provider', () => {
  let server: http.Server;
  let url: string;
  const seen: Array<{
    auth: string | undefined;
    body: { model: string; messages: Array<{ role: string; content: string }> };
  }> = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const body = JSON.parse(raw);
        seen.push({ auth: req.headers.authorization, body });
        const prompt = body.messages.at(-1).content as string;
        const answer = answers[prompt] ?? { status: 404, body: '{}' };
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(answer.body);
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const provider = () => createHttpGeneration({ url, model: 'test-model', key: 'sk-test', timeoutMs: 1000 });
  const propose = (prompt: string) => provider().propose(prompt, { size: 24 }, new AbortController().signal);

  it('asks with the model, the key and the language, and uses a valid program as the first variant', async () => {
    const proposal = await propose('a stone obelisk');
    expect(proposal).toMatchObject({ provider: 'http', status: 'success' });
    expect(proposal.fallback).toBeUndefined();
    expect(proposal.variants[0]).toMatchObject({ recipe: null, program: PROGRAM });
    const request = seen.at(-1)!;
    expect(request.auth).toBe('Bearer sk-test');
    expect(request.body.model).toBe('test-model');
    expect(request.body.messages[0]!.content).toContain('Kitwright design language version 1');
  });

  it('reads a program wrapped in a code fence', async () => {
    expect((await propose('a fenced obelisk')).variants[0]!.program).toEqual(PROGRAM);
  });

  it.each([
    ['a broken lighthouse', 'http: the answer was not JSON'],
    ['an invalid lighthouse', 'http: the program is not valid: program.bounds[0] must be between 1 and 128'],
    ['a failing lighthouse', 'http: the endpoint answered 503'],
    ['a slow lighthouse', 'http: no complete answer within 1000 ms'],
  ])('falls back to procedural for "%s", recording why', async (prompt, why) => {
    const proposal = await propose(prompt);
    expect(proposal.fallback).toBe(why);
    expect(proposal.provider).toBe('procedural');
    expect(proposal.reading.design).toBe('lighthouse');
    expect(proposal.variants).toHaveLength(3);
  });

  it('refuses a blocked use without asking the endpoint', async () => {
    const before = seen.length;
    const proposal = await propose('a bench for two');
    expect(proposal.status).toBe('refused');
    expect(seen.length).toBe(before);
  });
});
