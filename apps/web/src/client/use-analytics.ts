/**
 * Starts a visitor session for people who are not signed in (so saves, reservations and view
 * counts work without an account), and, only with consent, reports one session_started event
 * per browser session with its source attribution and device class.
 */
import { useEffect } from 'react';
import { Dimensions } from 'react-native';
import { useConsent } from '../state/consent';
import { attribution } from './attribution';
import { useKitwright } from './kitwright';

export function useAnalytics() {
  const client = useKitwright();
  const { consent } = useConsent();

  useEffect(() => {
    void client.ready.then(async () => {
      if (!client.auth.isAuthenticated()) await client.auth.startVisitorSession().catch(() => {});
    });
  }, [client]);

  useEffect(() => {
    if (consent !== 'granted' || attribution.sessionFlag('kw_session_started')) return;
    const { first, last, referrer } = attribution.touch();
    const width = Dimensions.get('window').width;
    const device = width < 600 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop';
    void client.ready.then(() =>
      client.analytics
        .ingest({
          consent,
          events: [
            {
              name: 'session_started',
              properties: {
                // The server puts the visitor session's id here when there is one.
                anonymous_session_id: attribution.browserSessionId(),
                user_id: null,
                first_touch_attribution: first,
                last_touch_attribution: last,
                referrer,
                device_class: device,
                consent_state: consent,
              },
            },
          ],
        })
        .catch(() => {}),
    );
  }, [client, consent]);
}
