import { describe, expect, it } from 'vitest';
import { cancellationReason } from './cancellation-reason';

describe('the reason a cancellation keeps', () => {
  it('is optional: no choice and no note is no reason', () => {
    expect(cancellationReason(null, '')).toBeNull();
    expect(cancellationReason(null, '   ')).toBeNull();
  });

  it('keeps the chosen reason, the note, or both', () => {
    expect(cancellationReason('Not right now', '')).toBe('Not right now');
    expect(cancellationReason(null, 'Found a smaller one')).toBe('Found a smaller one');
    expect(cancellationReason('I prefer another design', ' Found a smaller one ')).toBe(
      'I prefer another design — Found a smaller one',
    );
  });
});
