/** A UTC period from a query's `from` (inclusive) and `to` (exclusive), both optional date-times. */
import { AppError } from './errors';

export interface Period {
  from?: Date;
  to?: Date;
}

/** Reads the period, refusing one that ends before it starts (400 on `to`). */
export function readPeriod(query: { from?: string; to?: string }): Period {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from >= to)
    throw new AppError('VALIDATION_FAILED', 'The period must end after it starts.', {
      fields: { to: 'is not after from' },
    });
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
