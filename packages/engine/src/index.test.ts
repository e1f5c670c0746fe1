import { expect, it } from 'vitest';
import * as engine from './index.ts';

it('exports exactly the public API (change this list deliberately)', () => {
  expect(Object.keys(engine).sort()).toMatchSnapshot();
});
