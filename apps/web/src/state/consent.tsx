/**
 * The consent answer as app state. Rejecting keeps essential operation (sessions, saves,
 * reservations, audit and error reports) and drops optional analytics; every API request carries
 * the answer so the server applies the same rule.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { consentStore } from './consent-store';
import type { Consent } from './consent-store.types';

export type { Consent };

const ConsentContext = createContext<{ consent: Consent; setConsent: (c: Consent) => void } | null>(null);

/** Read by the SDK client's `headers` option on every request. */
let current: Consent = consentStore.load();
export function currentConsent(): Consent {
  return current;
}

export function ConsentProvider({
  children,
  onAnswer,
}: {
  children: ReactNode;
  onAnswer?: (c: Consent) => void;
}) {
  const [consent, setState] = useState<Consent>(current);
  const setConsent = useCallback(
    (value: Consent) => {
      current = value;
      consentStore.save(value);
      setState(value);
      onAnswer?.(value);
    },
    [onAnswer],
  );
  const value = useMemo(() => ({ consent, setConsent }), [consent, setConsent]);
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent() {
  const value = useContext(ConsentContext);
  if (!value) throw new Error('useConsent needs a ConsentProvider');
  return value;
}
