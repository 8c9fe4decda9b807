/** The AppError a promise rejects with; fails the test if it resolves or throws something else. */
import { type AppError, isAppError } from '../../src/platform/errors';

export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (isAppError(err)) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}
