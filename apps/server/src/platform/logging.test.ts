import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCorrelated } from './correlation';
import { createLogger } from './logging';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

describe('log lines and the correlation id', () => {
  it('a line written inside a request or job carries its id, without the caller passing it', async () => {
    const { logger, lines } = capture();
    await runCorrelated({ correlationId: 'req-42', source: 'server' }, async () => {
      await Promise.resolve();
      logger.warn({ stage: 'email' }, 'email could not be sent');
    });
    logger.info('started');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ correlation_id: 'req-42', stage: 'email' });
    // Outside any request or job there is none to give.
    expect(JSON.parse(lines[1] as string)).not.toHaveProperty('correlation_id');
  });

  it('a field the call or a child sets wins, and the field is never written twice', () => {
    const { logger, lines } = capture();
    runCorrelated({ correlationId: 'current', source: 'worker' }, () => {
      logger.info({ correlation_id: 'named' }, 'explicit');
      logger.child({ correlation_id: 'the-job' }).info('from a child');
    });
    expect(JSON.parse(lines[0] as string).correlation_id).toBe('named');
    expect(lines[1]?.match(/"correlation_id"/g)).toHaveLength(1);
    expect(JSON.parse(lines[1] as string).correlation_id).toBe('the-job');
  });
});
