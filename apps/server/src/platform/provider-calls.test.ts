import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { currentCorrelation, runCorrelated } from './correlation';
import type { ErrorEvent } from './error-report';
import { traced } from './provider-calls';

function harness() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'debug' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
  const captured: ErrorEvent[] = [];
  return { lines, logger, captured, capture: (e: ErrorEvent) => void captured.push(e) };
}

const provider = {
  kind: 'test' as const,
  async send(to: string) {
    if (to === 'refuse') throw new Error('550 mailbox unavailable');
    return `sent to ${to}`;
  },
  async check() {
    throw new Error('store unreachable');
  },
  now() {
    return 42;
  },
};

describe('traced provider calls', () => {
  it('answers and fails exactly as the provider does, with the correlation id in the log and the error event', async () => {
    const h = harness();
    const p = traced('email', provider, h);
    expect(p.kind).toBe('test');
    expect(p.now()).toBe(42);
    await runCorrelated({ correlationId: 'req-123', source: 'server' }, async () => {
      expect(await p.send('ada')).toBe('sent to ada');
      await expect(p.send('refuse')).rejects.toThrow('550 mailbox unavailable');
    });
    expect(h.captured).toEqual([
      expect.objectContaining({
        source: 'server',
        kind: 'provider',
        code: 'PROVIDER_EMAIL_FAILED',
        route: 'provider:email.send',
        correlationId: 'req-123',
        message: 'email.send failed: 550 mailbox unavailable',
      }),
    ]);
    const failed = h.lines.find((l) => l.msg === 'provider call failed');
    expect(failed).toMatchObject({ provider: 'email', operation: 'send', correlation_id: 'req-123' });
    const ok = h.lines.find((l) => l.msg === 'provider call');
    expect(ok).toMatchObject({ provider: 'email', operation: 'send', correlation_id: 'req-123' });
  });

  it('reports a job’s calls as the worker’s, and leaves quiet operations to their caller', async () => {
    const h = harness();
    const p = traced('storage', provider, h, { quiet: ['check'] });
    await runCorrelated({ correlationId: 'job-9', source: 'worker' }, async () => {
      await expect(p.send('refuse')).rejects.toThrow();
      await expect(p.check()).rejects.toThrow('store unreachable');
    });
    expect(h.captured.map((e) => [e.source, e.correlationId, e.route])).toEqual([
      ['worker', 'job-9', 'provider:storage.send'],
    ]);
  });

  it('reports a fallback a provider made by itself, with its reason and the correlation id', async () => {
    const h = harness();
    const generation = {
      async propose(prompt: string) {
        return prompt === 'fails'
          ? { provider: 'procedural', fallback: 'http: the answer is text/html, not JSON' }
          : { provider: 'http' };
      },
    };
    // As the generation provider's proposals say it: a `fallback` reason, or none.
    const fellBack = (answer: unknown) =>
      typeof answer === 'object' &&
      answer !== null &&
      'fallback' in answer &&
      typeof answer.fallback === 'string'
        ? answer.fallback
        : null;
    const p = traced('generation', generation, h, { fellBack });
    await runCorrelated({ correlationId: 'job-42', source: 'worker' }, async () => {
      expect(await p.propose('works')).toEqual({ provider: 'http' });
      expect(await p.propose('fails')).toMatchObject({ provider: 'procedural' });
    });
    expect(h.captured).toEqual([
      expect.objectContaining({
        source: 'worker',
        kind: 'provider',
        code: 'PROVIDER_GENERATION_FAILED',
        route: 'provider:generation.propose',
        correlationId: 'job-42',
        message: 'generation.propose fell back: http: the answer is text/html, not JSON',
      }),
    ]);
    expect(h.lines.filter((l) => l.msg === 'provider call fell back')).toEqual([
      expect.objectContaining({
        provider: 'generation',
        operation: 'propose',
        correlation_id: 'job-42',
        reason: 'http: the answer is text/html, not JSON',
      }),
    ]);
  });

  it('keeps the innermost correlation across awaits and none outside', async () => {
    expect(currentCorrelation()).toBeNull();
    const seen = await runCorrelated({ correlationId: 'outer', source: 'server' }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      const inner = await runCorrelated({ correlationId: 'inner', source: 'worker' }, async () => {
        await Promise.resolve();
        return currentCorrelation()?.correlationId;
      });
      return [inner, currentCorrelation()?.correlationId];
    });
    expect(seen).toEqual(['inner', 'outer']);
  });
});
