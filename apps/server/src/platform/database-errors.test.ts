import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors';
import { installErrorHandling } from './errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a terminated, refused, restarting or exhausted database', () => {
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves query mistakes and constraint violations alone', () => {
    expect(isDatabaseUnavailable(withCode('syntax error at or near "SELEC"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('a request that meets an unavailable database', () => {
  it('answers 503 DEPENDENCY_UNAVAILABLE in the envelope, and a query bug stays a 500', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/terminated', async () => {
      throw withCode('terminating connection due to administrator command', '57P01');
    });
    app.get('/bug', async () => {
      throw withCode('column "nope" does not exist', '42703');
    });
    const terminated = await app.inject('/terminated');
    expect(terminated.statusCode).toBe(503);
    expect(terminated.json().error).toMatchObject({
      code: 'DEPENDENCY_UNAVAILABLE',
      details: { dependency: 'database' },
    });
    expect((await app.inject('/bug')).statusCode).toBe(500);
    await app.close();
  });
});
