import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubLogLine } from '../src/platform/logging';
import { createTestApp, type TestApp } from './support/test-app';

const EMAIL = 'jane.personal@example.org';
const PASSWORD = 'Sup3r-Secret-Passw0rd!';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEyMyJ9.c2lnbmF0dXJlLXZhbHVl';
const REFRESH = 'rt_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const IPV4 = '203.0.113.77';
const IPV6 = '2001:db8:85a3::8a2e:370:7334';
const NAME = 'Janet Quentin-Personal';

describe('structured logs keep personal data out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        // A handler that fails with personal data in the error, as a careless library might.
        app.post('/api/test/explode', async (request) => {
          request.log.info(
            { email: EMAIL, user: { display_name: NAME, password: PASSWORD } },
            'about to fail',
          );
          throw new Error(`lookup failed for ${EMAIL} from ${IPV4} with token ${JWT}`);
        });
      },
    });
  });
  afterAll(async () => t.close());

  it('redacts emails, passwords, tokens, names and IP addresses from every line', async () => {
    const headers = {
      authorization: `Bearer ${JWT}`,
      cookie: `kw_refresh=${REFRESH}; kw_session=${JWT}`,
      'x-forwarded-for': `${IPV4}, ${IPV6}`,
      'user-agent': `Mozilla/5.0 (${NAME})`,
    };
    const body = { email: EMAIL, password: PASSWORD, display_name: NAME, ip: IPV4, refresh_token: REFRESH };
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/health?email=${EMAIL}&token=${JWT}`, headers }),
      t.app.inject({ method: 'GET', url: `/api/users/${EMAIL}/profile?password=${PASSWORD}`, headers }),
      t.app.inject({
        method: 'POST',
        url: `/api/analytics/events?refresh_token=${REFRESH}`,
        headers: { ...headers, origin: 'http://localhost:3000' },
        payload: { consent: 'granted', events: [{ name: EMAIL, properties: body }] },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        headers: { 'content-type': 'application/json' },
        payload: `{"email": "${EMAIL}", "password": "${PASSWORD}"`,
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/test/explode',
        headers: { ...headers, origin: 'http://localhost:3000' },
        payload: body,
      }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 400, 400, 500]);
    // The 500 answer itself carries no internal detail either.
    expect(responses[4]?.json().error).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(responses[4]?.body).not.toContain(EMAIL);

    const text = t.logs.join('');
    // The logs are there, with the safe fields the spec asks for...
    expect(t.logs.filter((l) => l.includes('"stage":"response"')).length).toBeGreaterThanOrEqual(5);
    expect(text).toContain('"route":"/api/health"');
    expect(text).toContain('"error_code":"INTERNAL_ERROR"');
    expect(text).toContain('"duration_ms"');
    // ...and none of the personal data.
    for (const secret of [
      EMAIL,
      PASSWORD,
      JWT,
      REFRESH,
      IPV4,
      IPV6,
      NAME,
      'Quentin',
      'jane.personal',
      'eyJ',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('scrubs lines that would otherwise carry personal data', () => {
    expect(scrubLogLine(`{"msg":"mail to ${EMAIL} from ${IPV4} and ${IPV6}"}`)).toBe(
      '{"msg":"mail to [email] from [ip] and [ip]"}',
    );
    expect(scrubLogLine(`Authorization: Bearer ${REFRESH}`)).toBe('Authorization: Bearer [token]');
    expect(scrubLogLine(`/verify?token=abc123&x=1`)).toBe('/verify?token=[redacted]&x=1');
    // What an outside tester found written verbatim into client error reports (issue 15 item 11):
    // our own tokens, a signed visitor session, a password inside JSON, an email beyond ASCII.
    expect(scrubLogLine('refresh kwr_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd ok')).toBe(
      'refresh [token] ok',
    );
    expect(scrubLogLine('kwv_AbCdEfGhIjKlMnOpQrStUvWx kwp_AbCdEfGhIjKlMnOpQrStUvWx')).toBe('[token] [token]');
    expect(
      scrubLogLine(
        'visitor 01a204e3-1e7a-42ac-be45-380059316a81.Zx9kP0qLm3nB7vC2xW8yT5rU1sA4dF6gH0jK2lM3nB4 end',
      ),
    ).toBe('visitor [token] end');
    expect(scrubLogLine('{"body":"{\\"password\\":\\"hunter2 x\\",\\"n\\":1}"}')).toBe(
      '{"body":"{\\"password\\":\\"[redacted]\\",\\"n\\":1}"}',
    );
    expect(scrubLogLine('{"password":"hunter2","user":"x"}')).toBe('{"password":"[redacted]","user":"x"}');
    expect(scrubLogLine('mail josé@exämple.de')).toBe('mail [email]');
    // What the second round found kept (issue 42): current_password, card numbers, Stripe keys,
    // webhook secrets, setup and payment intents' client secrets, and a URL field's encoded query.
    expect(scrubLogLine('{"current_password":"hunter2","new_password":"x"}')).toBe(
      '{"current_password":"[redacted]","new_password":"[redacted]"}',
    );
    expect(scrubLogLine('paid with 4242 4242 4242 4242 (4000-0025-0000-3155)')).toBe(
      'paid with [card] ([card])',
    );
    expect(
      scrubLogLine(
        'sk_test_51HabcDEF123ghi sk_live_51Hxyz987654321 rk_live_51Habcdefghij whsec_AbC123dEf456GhI789',
      ),
    ).toBe('[secret] [secret] [secret] [secret]');
    expect(scrubLogLine('seti_1NabcDEF2ghiJKL_secret_OPQrst345uvw pi_3Mxyz_secret_abcDEF')).toBe(
      '[secret] [secret]',
    );
    expect(scrubLogLine('{"route":"/checkout%3Fclient_secret%3Dx","msg":"ok"}')).toBe(
      '{"route":"/checkout","msg":"ok"}',
    );
    // Ordinary values survive: versions, durations, ids.
    expect(
      scrubLogLine(
        '{"version":"0.9.0-beta.1","duration_ms":1.25,"req_id":"01a204e3-1e7a-72ac-be45-380059316a81"}',
      ),
    ).toBe('{"version":"0.9.0-beta.1","duration_ms":1.25,"req_id":"01a204e3-1e7a-72ac-be45-380059316a81"}');
  });
});
