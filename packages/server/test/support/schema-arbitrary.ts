import fc from 'fast-check';

/** The parts of a JSON Schema (as the OpenAPI document writes them) that values are drawn from. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
}

/** Strings a hostile client sends: traversal, overlong, odd unicode, numbers in text, prototype keys. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '..',
    '../../etc/passwd',
    '%2e%2e%2f',
    '\u0000',
    '__proto__',
    'constructor',
    '1e308',
    '-1',
    'NaN',
    'null',
    '<script>alert(1)</script>',
    'ünïcødé 🎨',
    'x'.repeat(3000),
    'a#1e308',
    '*',
    '%',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 12 }),
);

/** Any JSON value, with the numbers and strings most likely to break a handler. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, 1e-320, {}, []),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  hostileString,
  fc.jsonValue({ maxDepth: 2 }),
);

function numberBetween(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e6;
  const max = schema.maximum ?? 1e6;
  if (integer) {
    return fc.integer({ min: Math.max(Math.ceil(min), -(2 ** 31)), max: Math.min(Math.floor(max), 2 ** 31) });
  }
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
}

/** Values that follow the schema (as far as these keywords go), so requests get past validation too. */
function conforming(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => arbitraryFor(choice, depth)));
  if (schema.allOf?.length) return arbitraryFor(Object.assign({}, ...schema.allOf), depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      if (depth > 4) return fc.constant({});
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(entries.map(([key, value]) => [key, arbitraryFor(value, depth + 1)]));
      return fc.record(shape, {
        requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
      });
    }
    case 'array': {
      if (depth > 4) return fc.constant([]);
      return fc.array(arbitraryFor(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    }
    case 'string': {
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), hostileString);
      return fc.oneof(
        fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 30 }),
        hostileString,
      );
    }
    case 'integer':
      return numberBetween(schema, true);
    case 'number':
      return numberBetween(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

/** Mostly values that follow the schema, sometimes anything at all in their place. */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: conforming(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}
