/** Fresh account details, and the links the server emails (read from the local outbox). */
import { randomUUID } from 'node:crypto';

export function newAccount(prefix = 'sdk') {
  const username = `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'correct-horse-battery',
    display_name: 'SDK Tester',
  };
}

/** The token of the newest emailed link to `email` whose URL matches `linkPath`. */
export async function emailedToken(baseUrl: string, email: string, linkPath: string): Promise<string> {
  const res = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: Array<{ text: string }> };
  for (const message of messages) {
    const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === linkPath);
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (token) return token;
  }
  throw new Error(`no email to ${email} with a link to ${linkPath}`);
}
