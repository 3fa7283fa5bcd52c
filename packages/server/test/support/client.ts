import type { FastifyInstance } from 'fastify';
import { InjectClient, solveCaptcha } from '../../src/demo/inject-client';

/** The browser stand-in of the tests. */
export { InjectClient as TestClient };

let counter = 0;

export interface Registration {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newPerson(prefix = 'user'): Registration {
  counter += 1;
  // Six random digits always: a shorter name made the "password equals username" test meet the
  // length rule first, now and then.
  const id = `${prefix}${counter}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  return {
    username: id,
    email: `${id}@example.com`,
    password: 'correct horse battery',
    firstName: 'Anna',
    lastName: 'Bianchi',
  };
}

/** Registers through the API with a solved captcha: creates an organization, or joins by code. */
export async function register(
  app: FastifyInstance,
  options: {
    person?: Registration;
    organization?: { name: string; type: string } | null;
    inviteCode?: string;
    /** The browser registering (none: light-my-request's own, which names no browser). */
    userAgent?: string;
  } = {},
) {
  const client = new InjectClient(app);
  client.userAgent = options.userAgent;
  const person = options.person ?? newPerson();
  const organization =
    options.organization === undefined && !options.inviteCode
      ? { name: 'Famiglia Bianchi', type: 'family' }
      : (options.organization ?? null);
  const response = await client.post('/api/register', {
    ...person,
    acceptTerms: true,
    captcha: await solveCaptcha(app),
    organization,
    ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}),
  });
  return { client, person, response };
}
