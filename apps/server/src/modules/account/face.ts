/**
 * The account module's face: a person's export and erasure, the sum of every module's personal-data
 * part (compose.ts hands it the parts in list order).
 */

import type { Config } from '../../config';
import type { ModuleFace, PersonalDataPart } from '../../platform/module';
import { deriveKey } from '../../platform/secrets';
import type { AuthApi } from '../auth/face';
import { accountRoutes } from './routes';
import { type AccountDeps, createAccountService } from './service';

export function accountFace(
  deps: Omit<AccountDeps, 'auth' | 'pseudonymKey' | 'parts'> & {
    config: Config;
    auth: AuthApi;
    parts: readonly PersonalDataPart[];
  },
): ModuleFace<null> {
  const account = createAccountService({
    ...deps,
    auth: deps.auth.accounts,
    pseudonymKey: deriveKey(deps.config.secrets.authToken, 'kitwright/erased-account-pseudonym/v1'),
  });
  return { name: 'account', api: null, routes: ({ app }) => app.register(accountRoutes, { account }) };
}
