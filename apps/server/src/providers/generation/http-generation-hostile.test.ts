// The http generation provider against endpoints that misbehave, each a real local server: an
// endless fast answer is cut at the byte cap, a slow drip at the deadline, a redirect is refused
// without asking its target, and a wrong content type, a huge answer, a wrong answer shape and an
// invalid program are refused. Every case falls back to the design library with the reason.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpGeneration, GENERATION_ANSWER_MAX_BYTES } from './http-generation';

const PROGRAM = {
  version: 1,
  name: 'obelisk',
  bounds: [6, 6, 20],
  parts: [
    { name: 'base', paint: { colour: 'dark-grey' }, shape: { type: 'box', at: [0, 0, 0], size: [6, 6, 2] } },
  ],
};
const answer = (content: unknown) => JSON.stringify({ choices: [{ message: { content } }] });

interface Listener {
  server: http.Server;
  url: string;
  hits: number;
}
async function listen(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<Listener> {
  const l: Listener = { server: http.createServer(), url: '', hits: 0 };
  l.server.on('request', (req, res) => {
    l.hits++;
    handle(req, res);
  });
  await new Promise<void>((resolve) => l.server.listen(0, '127.0.0.1', resolve));
  l.url = `http://127.0.0.1:${(l.server.address() as AddressInfo).port}`;
  return l;
}
async function close(l: Listener) {
  l.server.closeAllConnections();
  await new Promise((resolve) => l.server.close(resolve));
}

/** What the endless and dripping answers saw: bytes written, and whether the client hung up. */
const stream = { written: 0, cut: false };

describe('the http generation provider against a hostile endpoint', () => {
  let endpoint: Listener;
  let elsewhere: Listener;
  beforeAll(async () => {
    elsewhere = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer(JSON.stringify(PROGRAM)));
    });
    endpoint = await listen((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const prompt = JSON.parse(raw).messages.at(-1).content as string;
        if (prompt === 'an endless lighthouse') {
          // As fast as the socket takes it, never ending: the opening of an answer, then filler.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"choices":[{"message":{"content":"');
          const chunk = Buffer.alloc(64 * 1024, 'a');
          res.on('close', () => {
            stream.cut = !res.writableFinished;
          });
          const pump = () => {
            while (!res.destroyed) {
              stream.written += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
          };
          pump();
        } else if (prompt === 'a dripping lighthouse') {
          // Headers at once, then one byte now and then: it would finish, but long after the deadline.
          res.writeHead(200, { 'content-type': 'application/json' });
          const body = answer(JSON.stringify(PROGRAM));
          let at = 0;
          const timer = setInterval(() => {
            if (res.destroyed || at >= body.length) return;
            res.write(body[at++]);
            stream.written++;
          }, 20);
          res.on('close', () => {
            clearInterval(timer);
            stream.cut = at < body.length;
          });
        } else if (prompt === 'a redirected lighthouse 307' || prompt === 'a redirected lighthouse 302') {
          res.writeHead(Number(prompt.slice(-3)), { location: `${elsewhere.url}/v1/chat/completions` });
          res.end();
        } else if (prompt === 'an html lighthouse') {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end(answer(JSON.stringify(PROGRAM)));
        } else if (prompt === 'a huge lighthouse') {
          // One valid answer, the program included, with a field of filler past the cap.
          const body = JSON.stringify({
            choices: [{ message: { content: JSON.stringify(PROGRAM) } }],
            padding: 'x'.repeat(GENERATION_ANSWER_MAX_BYTES + 1024),
          });
          res.writeHead(200, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          });
          res.end(body);
        } else if (prompt === 'a misshapen lighthouse') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ choices: [{ message: { content: PROGRAM } }] }));
        } else if (prompt === 'an invalid lighthouse') {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(
            answer(
              JSON.stringify({ ...PROGRAM, parts: [{ ...PROGRAM.parts[0], paint: { colour: 'plaid' } }] }),
            ),
          );
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(answer(JSON.stringify(PROGRAM)));
        }
      });
    });
  });
  afterAll(async () => {
    await close(endpoint);
    await close(elsewhere);
  });

  const propose = (prompt: string, limits: { timeoutMs?: number; maxBytes?: number } = {}) =>
    createHttpGeneration({
      url: `${endpoint.url}/v1`,
      model: 'test-model',
      key: 'sk-test',
      timeoutMs: limits.timeoutMs ?? 30_000,
      ...(limits.maxBytes ? { maxBytes: limits.maxBytes } : {}),
    }).propose(prompt, { size: 24 }, new AbortController().signal);

  const expectLibrary = (proposal: Awaited<ReturnType<typeof propose>>) => {
    expect(proposal.provider).toBe('procedural');
    expect(proposal.status).not.toBe('refused');
    expect(proposal.reading.design).toBe('lighthouse');
    expect(proposal.variants).toHaveLength(3);
  };

  it('uses a well-formed answer (the endpoint works)', async () => {
    const proposal = await propose('a stone obelisk');
    expect(proposal).toMatchObject({ provider: 'http', status: 'success' });
    expect(proposal.variants[0]!.program).toEqual(PROGRAM);
  });

  it('stops reading an endless fast answer at the byte cap and hangs up, long before the deadline', async () => {
    stream.written = 0;
    stream.cut = false;
    // A deadline far away: only the cap can end this read.
    const proposal = await propose('an endless lighthouse', { timeoutMs: 60_000, maxBytes: 64 * 1024 });
    expect(proposal.fallback).toBe('http: the answer is larger than 65536 bytes');
    expectLibrary(proposal);
    await expect.poll(() => stream.cut).toBe(true);
    // The server stops once the socket's buffers are full: a few MiB of kernel buffering, not the
    // gigabytes an endless answer read whole would reach.
    expect(stream.written).toBeLessThan(32 * 1024 * 1024);
  });

  it('gives up on an answer still dripping at the deadline, which covers the whole body', async () => {
    stream.written = 0;
    stream.cut = false;
    const proposal = await propose('a dripping lighthouse', { timeoutMs: 1500 });
    expect(proposal.fallback).toBe('http: no complete answer within 1500 ms');
    expectLibrary(proposal);
    await expect.poll(() => stream.cut).toBe(true);
    // The headers came at once and some of the body arrived: the deadline cut the body itself.
    expect(stream.written).toBeGreaterThan(0);
  });

  it.each(['307', '302'])('refuses a %s redirect without sending anything to its target', async (status) => {
    const before = elsewhere.hits;
    const proposal = await propose(`a redirected lighthouse ${status}`);
    expect(proposal.fallback).toBe(`http: the endpoint answered a redirect (${status}), which is refused`);
    expectLibrary(proposal);
    expect(elsewhere.hits).toBe(before);
  });

  it('refuses an answer that is not JSON by its content type', async () => {
    const proposal = await propose('an html lighthouse');
    expect(proposal.fallback).toBe('http: the answer is text/html, not JSON');
    expectLibrary(proposal);
  });

  it('refuses one huge JSON answer past the default cap, though it holds a valid program', async () => {
    const proposal = await propose('a huge lighthouse');
    expect(proposal.fallback).toBe(`http: the answer is larger than ${GENERATION_ANSWER_MAX_BYTES} bytes`);
    expectLibrary(proposal);
  });

  it('refuses an answer whose shape is not a chat completion', async () => {
    const proposal = await propose('a misshapen lighthouse');
    expect(proposal.fallback).toMatch(
      /^http: the answer is not a chat completion: \/choices\/0\/message\/content /,
    );
    expectLibrary(proposal);
  });

  it('refuses a program the design language does not accept', async () => {
    const proposal = await propose('an invalid lighthouse');
    expect(proposal.fallback).toMatch(/^http: the program is not valid: program\.parts\[0\]\.paint/);
    expectLibrary(proposal);
  });
});
