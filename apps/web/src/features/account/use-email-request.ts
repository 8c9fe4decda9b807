/**
 * A request that sends an email to an address (a reset link, a verification link): checks the
 * address is there, shows the server's answer on the field or as a notice, and remembers where
 * it was sent.
 */
import { useState } from 'react';
import { useT } from '../../i18n';
import { errorText, fieldErrorsOf } from './error-text';

export function useEmailRequest(send: (address: string) => Promise<unknown>) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  async function submit(typed: string) {
    const address = typed.trim();
    if (!address) {
      setFieldError(t('field.required'));
      return;
    }
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      await send(address);
      setSentTo(address);
    } catch (err) {
      const fields = fieldErrorsOf(t, err, { email: 'field.email' });
      setFieldError(fields.email);
      if (!fields.email) setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return { busy, sentTo, error, fieldError, submit };
}
