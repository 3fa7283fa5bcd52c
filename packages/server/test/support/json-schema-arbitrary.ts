import fc from 'fast-check';

/**
 * The part of JSON Schema (2020-12, as OpenAPI 3.1 embeds it) that the OpenAPI document writes
 * for our zod contract (zod 4's `toJSONSchema` through fastify-type-provider-zod). zod-fast-check would derive arbitraries
 * from the zod schemas themselves, but it supports neither zod 4 nor fast-check 4 (ADR 0029);
 * the document is what outside clients see, so the fuzzer reads that.
 */
type JsonType = 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'null';
export interface JsonSchema {
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

/** Strings and arrays longer than this are rare in real requests and only slow the run down. */
const LONG = 60;

/** Values valid for `schema`, shrinking towards the smallest valid one. */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(arbitraryOf));
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type })));
  switch (schema.type) {
    case 'object':
      return objectOf(schema);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
      });
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const named = fc.record(Object.fromEntries(keys.map((key) => [key, arbitraryOf(properties[key]!)])), {
    requiredKeys: (schema.required ?? []).filter((key) => keys.includes(key)),
  });
  const rest = schema.additionalProperties;
  if (typeof rest !== 'object') return named;
  // A record (`z.record`): keys by propertyNames (an enum of kinds, say), each value by the schema.
  const key = schema.propertyNames
    ? (arbitraryOf(schema.propertyNames) as fc.Arbitrary<string>)
    : fc.string({ minLength: 1, maxLength: 20 });
  return fc
    .tuple(named, fc.dictionary(key, arbitraryOf(rest), { maxKeys: 4 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  // Mostly amounts and counts a person would send, sometimes the edges of the allowed range.
  const everyday = fc.integer({ min: Math.max(min, -100_000), max: Math.min(max, 1_000_000) });
  const anywhere = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  return min <= 1_000_000 && max >= -100_000 && Math.max(min, -100_000) <= Math.min(max, 1_000_000)
    ? fc.oneof({ arbitrary: everyday, weight: 4 }, { arbitrary: anywhere, weight: 1 })
    : anywhere;
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? LONG, minLength + LONG));
  const fits = (value: string) =>
    value.length >= minLength && value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    case 'uri':
      return fc.webUrl().filter(fits);
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(lengthened(schema.pattern, schema))).filter(fits);
  // Plain text, and now and then any Unicode (measured in UTF-16 units, as zod measures).
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }).filter(fits), weight: 1 },
  );
}

/**
 * A pattern whose leading character class repeats (`^[\w-]+=*$`) rarely reaches a long
 * minLength by chance, and filtering for it would never end: the repetition takes the lengths.
 */
function lengthened(pattern: string, schema: JsonSchema): string {
  const min = schema.minLength ?? 0;
  if (min < 4) return pattern;
  return pattern.replace(
    /^\^(\[[^\]]+\])[+*]/,
    (_, characters: string) => `^${characters}{${min},${schema.maxLength ?? min + LONG}}`,
  );
}
