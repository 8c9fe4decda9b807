// The one scrubber of logs and error events (issue 42): each kind of secret an outside tester found
// kept, removed; ordinary text left exactly as written.
import { describe, expect, it } from 'vitest';
import { scrubText, scrubUrl } from './scrub';

describe('the scrubber', () => {
  it('redacts secret-named JSON members, current_password included, as strings or numbers', () => {
    expect(
      scrubText('{"current_password":"hunter2","new_password":"n3w pass","password":"x","user":"ada"}'),
    ).toBe(
      '{"current_password":"[redacted]","new_password":"[redacted]","password":"[redacted]","user":"ada"}',
    );
    expect(
      scrubText('{"client_secret":"abc","webhookSecret":"def","csrf_token":"ghi","api_key":"jkl"}'),
    ).toBe(
      '{"client_secret":"[redacted]","webhookSecret":"[redacted]","csrf_token":"[redacted]","api_key":"[redacted]"}',
    );
    expect(scrubText('{"card_number":"4000 0000 0000 0002","cvc":123,"cardNumber":"x","exp_month":12}')).toBe(
      '{"card_number":"[redacted]","cvc":"[redacted]","cardNumber":"[redacted]","exp_month":12}',
    );
    // A value with an escaped quote is redacted whole, not up to the quote.
    expect(scrubText('{"password":"a\\"b c","n":1}')).toBe('{"password":"[redacted]","n":1}');
    // JSON carried inside a string (a request body in an error message), escaped quotes and all.
    expect(scrubText('{"msg":"{\\"current_password\\":\\"hun\\\\\\"ter2\\",\\"n\\":1}"}')).toBe(
      '{"msg":"{\\"current_password\\":\\"[redacted]\\",\\"n\\":1}"}',
    );
  });

  it('redacts secret-named query and form parameters, plain or percent-encoded', () => {
    expect(scrubText('POST body current_password=hunter2&new_password=x&keep=1')).toBe(
      'POST body current_password=[redacted]&new_password=[redacted]&keep=1',
    );
    expect(scrubText('next=%2Fcheckout%3Fclient_secret%3Dabc123')).toBe(
      'next=%2Fcheckout%3Fclient_secret%3D[redacted]',
    );
  });

  it('redacts card numbers that pass Luhn, with spaces or dashes, and leaves other long numbers', () => {
    expect(scrubText('card 4242424242424242 declined')).toBe('card [card] declined');
    expect(scrubText('card 4242 4242 4242 4242, then 5555-5555-5555-4444')).toBe('card [card], then [card]');
    expect(scrubText('amex 3782 822463 10005 and a 13-digit 4222222222222')).toBe(
      'amex [card] and a 13-digit [card]',
    );
    // Not Luhn-valid, too short, a millisecond timestamp, a decimal, an id with letters: kept.
    for (const kept of [
      'order 4242424242424241',
      'phone 0044 7911 123456',
      '{"time":1765142893123}',
      'ratio 0.4242424242424242',
      'ref 4242424242424242abc',
    ])
      expect(scrubText(kept)).toBe(kept);
  });

  it('redacts Stripe keys, webhook secrets and intents’ client secrets, and bearer tokens', () => {
    expect(
      scrubText(
        'keys sk_test_51HabcDEF123ghi, sk_live_51Hxyz987654321, rk_live_51Habcdefghij, rk_test_abcdefghij',
      ),
    ).toBe('keys [secret], [secret], [secret], [secret]');
    expect(scrubText('STRIPE_WEBHOOK_SECRET whsec_AbC123dEf456GhI789')).toBe(
      'STRIPE_WEBHOOK_SECRET [secret]',
    );
    expect(
      scrubText(
        'confirm seti_1NabcDEF2ghiJKL_secret_OPQrst345uvw and pi_3Mxyz_secret_abcDEF and seti_local_0a1b2c_secret_ffee0011',
      ),
    ).toBe('confirm [secret] and [secret] and [secret]');
    expect(scrubText('Authorization: Bearer abc.DEF-123_xyz')).toBe('Authorization: Bearer [token]');
    // A publishable key is public and an id is not a secret: kept.
    expect(scrubText('pk_test_51Habc seti_1NabcDEF2ghiJKL')).toBe('pk_test_51Habc seti_1NabcDEF2ghiJKL');
  });

  it('drops the query string and fragment of a route, as written or percent-encoded', () => {
    expect(scrubUrl('/gallery?q=secret')).toBe('/gallery');
    expect(scrubUrl('/listing/abc#share-token')).toBe('/listing/abc');
    expect(scrubUrl('/checkout%3Fclient_secret%3Dseti_1_secret_2')).toBe('/checkout');
    expect(scrubUrl('/checkout%3fsession=1')).toBe('/checkout');
    expect(scrubUrl('/reset%23token=abc')).toBe('/reset');
    expect(scrubUrl('/reset%253Ftoken%253Dabc')).toBe('/reset');
    expect(scrubUrl('https://kitwright.test/a/b?c=d#e')).toBe('https://kitwright.test/a/b');
    expect(scrubUrl('/users/ada@example.org/profile')).toBe('/users/[email]/profile');
    expect(scrubUrl('/listing/abc-123')).toBe('/listing/abc-123');
    // In a log line too: a URL field loses its query, other fields keep their text.
    expect(
      scrubText('{"route":"/gallery%3Fq%3Dada","url":"https://x.test/a?b=1#c","msg":"why? because"}'),
    ).toBe('{"route":"/gallery","url":"https://x.test/a","msg":"why? because"}');
  });

  it('leaves ordinary text exactly as written', () => {
    const ordinary = [
      '{"level":30,"time":1765142893123,"msg":"request completed","route":"/api/listings/:id","status":200,"duration_ms":12.5}',
      'TypeError: Cannot read properties of undefined (reading "id")\n    at Gallery (app.js:1:2)',
      'version 0.9.0-beta.1, order 42, year 2026, size 120 x 80 x 45 mm',
      'req 01a204e3-1e7a-72ac-be45-380059316a81 code INTERNAL_ERROR',
      'The seller changed the price from 24.00 to 19.50 EUR',
    ];
    for (const text of ordinary) expect(scrubText(text)).toBe(text);
  });
});
