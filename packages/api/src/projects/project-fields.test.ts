import { describe, expect, it } from 'vitest';
import { CreateProjectBodySchema, UpdateProjectBodySchema } from './project.ts';
import { type ProjectSettingsField, projectFieldProblem } from './project-fields.ts';

// The update schema's fields are optional (a PATCH); a field that is sent is checked as below.
const fields = UpdateProjectBodySchema.shape;

/** The first message the contract's schema gives for a field's value, or null when it passes. */
function schemaProblem(field: ProjectSettingsField, value: unknown): string | null {
  const result = fields[field].unwrap().safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

const texts: unknown[] = [
  undefined,
  null,
  42,
  '',
  '   ',
  'a',
  '  Moon Cats  ',
  'x'.repeat(100),
  ` ${'x'.repeat(100)} `,
  'x'.repeat(101),
  'x'.repeat(2000),
  'x'.repeat(2001),
  'é'.repeat(100),
  '🐱'.repeat(50),
  '🐱'.repeat(51),
];
const numbers: unknown[] = [
  undefined,
  null,
  '20',
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -1,
  0,
  0.5,
  1,
  15,
  15.5,
  16,
  100,
  4096,
  4097,
  10_000,
  10_000.5,
  10_001,
  2 ** 53,
  1e300,
];

describe('projectFieldProblem', () => {
  it.each([
    ['name', texts],
    ['description', texts],
    ['seed', texts],
    ['collectionSize', numbers],
    ['width', numbers],
    ['height', numbers],
    ['rarityMode', ['weighted', 'exact', 'Weighted', '', undefined, 1]],
  ] as const)('says what the update schema says of %s, value by value', (field, values) => {
    for (const value of values) {
      expect({ value, problem: projectFieldProblem(field, value) }).toEqual({
        value,
        problem: schemaProblem(field, value),
      });
    }
  });

  it('finds problems in the values a person types, with the field named', () => {
    expect(projectFieldProblem('name', '  ')).toBe('Project Name is required!');
    expect(projectFieldProblem('collectionSize', 0)).toBe('Collection Size must be at least 1');
    expect(projectFieldProblem('width', 15)).toBe('Width must be at least 16 px');
    expect(projectFieldProblem('height', 256.5)).toBe('Height must be a whole number of pixels');
    expect(projectFieldProblem('seed', 'moon')).toBeNull();
  });

  it('is the rule the create schema checks too', () => {
    const create = CreateProjectBodySchema.shape;
    for (const value of texts) {
      const result = create.name.safeParse(value);
      expect(projectFieldProblem('name', value)).toBe(
        result.success ? null : (result.error.issues[0]?.message ?? ''),
      );
    }
    for (const value of numbers) {
      const result = create.collectionSize.safeParse(value);
      expect(projectFieldProblem('collectionSize', value)).toBe(
        result.success ? null : (result.error.issues[0]?.message ?? ''),
      );
    }
  });
});
