import type { FastifySerializerCompiler } from 'fastify/types/schema';

/**
 * Serializes a frozen answer once (issue 15). The hot views kept in memory are deep-frozen
 * (the domain's `deepFreeze`) and shared by every request while nothing they show changes
 * (db/snapshot-cache.ts); without this each request checked the whole view against its zod
 * schema (which copies it) and stringified it again: a fifth of the fund view's CPU and a
 * quarter of the bytes that outlived a scavenge, at stop 43. An object that cannot change
 * serializes to the same text every time, so each route's serializer keeps that text beside the
 * object, checked by the schema the first time as before, and lets it go with the object.
 *
 * `Object.isFrozen` looks at the top only: answers are frozen by `deepFreeze`, which freezes
 * everything in them, and nothing else freezes an answer.
 */
export function serializingFrozenOnce<S>(
  compile: FastifySerializerCompiler<S>,
): FastifySerializerCompiler<S> {
  return (route) => {
    const serialize = compile(route);
    const serialized = new WeakMap<object, string>();
    return (data) => {
      if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
      let text = serialized.get(data);
      if (text === undefined) {
        text = serialize(data);
        serialized.set(data, text);
      }
      return text;
    };
  };
}

const REMEMBERED_TAGS = 256;
/** Below this a body hashes faster than it is looked up and kept. */
const REMEMBERED_FROM_LENGTH = 1024;

/**
 * A body's entity tag, remembered for the last few long bodies: a frozen answer serialized once
 * (above) is the same string on every request, so its tag is too. Keyed by the text itself, so
 * a new body with the same text finds the same tag, and one with a different text never does.
 * V8 keeps a string's hash in the string, so finding the very string it was given costs a
 * pointer comparison, not a pass over the text.
 */
export function rememberingTags(hash: (body: string | Buffer) => string): (body: string | Buffer) => string {
  const tags = new Map<string, string>();
  return (body) => {
    if (typeof body !== 'string' || body.length < REMEMBERED_FROM_LENGTH) return hash(body);
    let tag = tags.get(body);
    if (tag === undefined) {
      tag = hash(body);
      // Dropped all at once when full: a busy instance refills it with what is hot in a moment.
      if (tags.size >= REMEMBERED_TAGS) tags.clear();
      tags.set(body, tag);
    }
    return tag;
  };
}
