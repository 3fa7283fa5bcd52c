import { hash } from 'node:crypto';
import { deepFreeze } from '@giro/domain/deep-freeze';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rememberingTags, serializingFrozenOnce } from './frozen-answers';

let checks = 0;
/** An answer's schema that counts how often it checks a value: once per serialization. */
const answerSchema = z.object({
  name: z.string().refine((name) => {
    checks += 1;
    return name.length > 0;
  }),
  members: z.array(z.object({ id: z.string() })),
});

const app = Fastify();
app.setSerializerCompiler(serializingFrozenOnce(serializerCompiler));
const shared = deepFreeze({ name: 'Rossi', members: [{ id: 'a' }, { id: 'b' }], secret: 'kept out' });
const broken = deepFreeze({ name: '', members: [] });
const response = { 200: answerSchema };
app.get('/shared', { schema: { response } }, async () => shared);
app.get('/fresh', { schema: { response } }, async () => ({ name: 'Rossi', members: [{ id: 'a' }] }));
app.get('/broken', { schema: { response } }, async () => broken);

afterEach(() => {
  checks = 0;
});

describe('a frozen answer', () => {
  it('is checked and serialized once, then sent as the same text', async () => {
    const first = await app.inject('/shared');
    const second = await app.inject('/shared');
    expect(first.statusCode).toBe(200);
    // The schema still decides what leaves: the field it does not name is not sent.
    expect(first.json()).toEqual({ name: 'Rossi', members: [{ id: 'a' }, { id: 'b' }] });
    expect(second.body).toBe(first.body);
    expect(checks).toBe(1);
  });

  it('that fails its schema fails every time: a failure is not kept', async () => {
    expect((await app.inject('/broken')).statusCode).toBe(500);
    expect((await app.inject('/broken')).statusCode).toBe(500);
    expect(checks).toBe(2);
  });

  it('is the only kind kept: an answer built per request is checked each time', async () => {
    await app.inject('/fresh');
    await app.inject('/fresh');
    expect(checks).toBe(2);
  });
});

describe('a remembered entity tag', () => {
  const sha1 = (body: string | Buffer) => hash('sha1', body, 'base64');

  it('is the hash of the text, for the same string, an equal one, and a different one', () => {
    const tag = rememberingTags(sha1);
    const body = JSON.stringify({ padding: 'x'.repeat(2000), n: 1 });
    expect(tag(body)).toBe(sha1(body));
    expect(tag(body)).toBe(sha1(body));
    expect(tag(`${body.slice(0, -1)}}`)).toBe(sha1(body));
    const other = body.replace('"n":1', '"n":2');
    expect(tag(other)).toBe(sha1(other));
    expect(tag(other)).not.toBe(tag(body));
    expect(tag('short')).toBe(sha1('short'));
    expect(tag(Buffer.from(body))).toBe(sha1(body));
  });

  it('is right after the memory of tags fills and is emptied', () => {
    const tag = rememberingTags(sha1);
    const bodies = Array.from({ length: 600 }, (_, i) => `${'y'.repeat(1100)}${i}`);
    for (const body of bodies) expect(tag(body)).toBe(sha1(body));
    for (const body of bodies) expect(tag(body)).toBe(sha1(body));
  });
});
