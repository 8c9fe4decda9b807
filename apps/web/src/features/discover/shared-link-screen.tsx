/**
 * A shared link (/l/{slug}?s={code}): the server answers it with link-preview tags for crawlers;
 * in the app it leads on to the listing page, keeping the share code (as `share`) and any other
 * parameters such as campaign tags, so the visit is attributed to the share.
 */
import { Redirect, useLocalSearchParams } from 'expo-router';

export function SharedLinkScreen() {
  const { slug, s, ...rest } = useLocalSearchParams<Record<string, string>>();
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value === 'string') params[key] = value;
  }
  if (s && !params.share) params.share = s;
  return <Redirect href={{ pathname: '/listing/[slug]', params: { ...params, slug: String(slug ?? '') } }} />;
}
