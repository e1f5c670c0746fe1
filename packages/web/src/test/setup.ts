import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { keepOnlyVisibilityRules } from './visibility-styles.ts';

// antd's style sheets hold only the rules that show or hide elements (what the queries read): see
// visibility-styles.ts. Set before any test file loads antd.
keepOnlyVisibilityRules();

// findBy*/waitFor give up after 1 s by default; antd renders far slower than that on a busy 2-core
// machine, which made tests fail that pass at once on a quiet one. They still end as soon as the
// element appears.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

// jsdom lacks matchMedia, which Ant Design's responsive components read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
