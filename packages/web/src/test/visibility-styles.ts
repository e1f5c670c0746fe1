/**
 * Ant Design's css-in-js style sheets, cut in jsdom to the rules that say whether an element is shown.
 *
 * Why: antd injects some 2,000 style rules per page (every component's full style). jsdom has no layout:
 * its getComputedStyle matches every rule of every sheet against the element, and Testing Library calls
 * it for each candidate element of every `*ByRole` query (and for names: a child's `display` decides the
 * spaces between words). That matching was about 60 % of a slow test file's time. What the queries read
 * of it is `display` and `visibility` only (dom-accessibility-api and @testing-library/dom's
 * isInaccessible), so the sheets keep every rule that declares one of them, in the same order and with
 * the same selector and priority: jsdom's cascade (the last matching declaration wins) gives each element
 * the same `display` and `visibility` as with the whole sheet. visibility-styles.test.tsx checks that on
 * rendered components, element by element. The other properties (colours, sizes, motion) mean nothing
 * without layout and are dropped.
 */

const SHOWN_PROPERTIES = ['display', 'visibility'] as const;

/** Attribute that rc-util (antd's style injector) puts on each style element it creates. */
const INJECTED_STYLE_MARK = 'data-rc-order';

const keptByCss = new Map<string, string>();

function shownDeclarations(style: CSSStyleDeclaration): string {
  let kept = '';
  for (const property of SHOWN_PROPERTIES) {
    const value = style.getPropertyValue(property);
    if (value) kept += `${property}:${value}${style.getPropertyPriority(property) ? ' !important' : ''};`;
  }
  return kept;
}

function shownStyleRules(rules: CSSRuleList): string {
  let kept = '';
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      const declarations = shownDeclarations(rule.style);
      if (declarations) kept += `${rule.selectorText}{${declarations}}`;
    }
  }
  return kept;
}

/**
 * The rules of a style sheet that set `display` or `visibility`, with only those declarations. Rules
 * jsdom never applies are dropped: @keyframes, @font-face, @supports and @layer blocks, rules nested in
 * a rule or in an @media inside @media. An @media block keeps its condition (jsdom applies it only when
 * the media list holds `screen`); an @import is kept whole.
 */
export function visibilityRules(css: string): string {
  const cached = keptByCss.get(css);
  if (cached !== undefined) return cached;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  let kept = '';
  for (const rule of Array.from(sheet.cssRules)) {
    if (rule instanceof CSSStyleRule) {
      const declarations = shownDeclarations(rule.style);
      if (declarations) kept += `${rule.selectorText}{${declarations}}`;
    } else if (rule instanceof CSSMediaRule) {
      const inner = shownStyleRules(rule.cssRules);
      if (inner) kept += `@media ${rule.media.mediaText}{${inner}}`;
    } else if (rule instanceof CSSImportRule) {
      kept += rule.cssText;
    }
  }
  keptByCss.set(css, kept);
  return kept;
}

const elementInnerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');

/**
 * From now on, a style sheet that rc-util injects (it sets the style element's innerHTML, see
 * @rc-component/util's dynamicCSS) holds only its visibility rules. Other style elements are left whole.
 */
export function keepOnlyVisibilityRules(): void {
  if (!elementInnerHTML?.set || !elementInnerHTML.get)
    throw new Error('jsdom has no Element.innerHTML setter');
  const { get, set } = elementInnerHTML;
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    enumerable: elementInnerHTML.enumerable,
    get,
    set(this: HTMLStyleElement, css: string) {
      set.call(this, this.hasAttribute(INJECTED_STYLE_MARK) ? visibilityRules(String(css)) : css);
    },
  });
}

/** Undoes keepOnlyVisibilityRules: injected style sheets are kept whole again (for the test that compares both). */
export function keepWholeStyleSheets(): void {
  delete (HTMLStyleElement.prototype as { innerHTML?: string }).innerHTML;
}
