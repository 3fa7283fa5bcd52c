import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** Registers a user through the public API (captcha solved like the widget) and returns its cookies. */
export async function signUp(baseUrl: string, name: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [key, ...value] = pair!.split('=');
      jar.set(key!, value.join('='));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const tokenResponse = await fetch(`${baseUrl}/api/csrf-token`);
  remember(tokenResponse);
  const { csrfToken } = (await tokenResponse.json()) as { csrfToken: string };
  const challenge = (await (await fetch(`${baseUrl}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookie() },
    body: JSON.stringify({
      username: name,
      email: `${name}@bench.example`,
      password: 'bench password long enough',
      firstName: 'Bench',
      lastName: 'User',
      acceptTerms: true,
      captcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      organization: { name: 'Bench family', type: 'family' },
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  remember(response);
  return cookie();
}
