import { render } from '@testing-library/react';
import {
  Alert,
  Badge,
  Button,
  Collapse,
  Dropdown,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Spin,
  Table,
  Tabs,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { standInResizeObserver } from './stand-ins.ts';
import { keepOnlyVisibilityRules, keepWholeStyleSheets, visibilityRules } from './visibility-styles.ts';

standInResizeObserver();

describe('visibilityRules', () => {
  it('keeps display and visibility with their selector, priority and order, and drops every other declaration', () => {
    expect(
      visibilityRules(
        '.a{color:red;display:none!important}.b{margin:0}:where(.css-x).ant-tabs-tabpane-hidden{visibility:hidden;display:none}.c{display:flex}',
      ),
    ).toBe(
      '.a{display:none !important;}:where(.css-x).ant-tabs-tabpane-hidden{display:none;visibility:hidden;}.c{display:flex;}',
    );
  });

  it('keeps an @media block with its condition and drops the rules jsdom never applies', () => {
    expect(
      visibilityRules(
        '@media screen{.a{display:none;color:red}.b{color:blue}}@media print{.c{color:red}}' +
          '@keyframes spin{to{transform:rotate(1turn)}}@supports (display:grid){.d{display:grid}}',
      ),
    ).toBe('@media screen{.a{display:none;}}');
  });
});

/** antd's popups, dialog and tabs, first open and then closed: a closed popup stays, hidden by antd's classes. */
function Popups({ closed }: { closed: boolean }) {
  const open = !closed;
  return (
    <Providers client={createQueryClient()}>
      <Tabs
        activeKey={closed ? 'b' : 'a'}
        items={[
          { key: 'a', label: 'Layers', children: <p>Layer list</p> },
          { key: 'b', label: 'Traits', children: <p>Trait list</p>, forceRender: true },
        ]}
      />
      <Select
        open={open}
        value="a"
        options={[
          { value: 'a', label: 'Ethereum' },
          { value: 'b', label: 'Solana' },
        ]}
      />
      <Tooltip open={open} title="Tip">
        <Button>Tip</Button>
      </Tooltip>
      <Dropdown open={open} menu={{ items: [{ key: 'x', label: 'Rename' }] }}>
        <Button>Menu</Button>
      </Dropdown>
      <Modal open={open} title="Dialog">
        Body
      </Modal>
    </Providers>
  );
}

const tableColumns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];
const tableRows = [
  { key: '1', name: 'Moon Cats' },
  { key: '2', name: 'Sun Dogs' },
];

/** More of the components the app uses, for their style sheets. */
function MoreComponents() {
  return (
    <Providers client={createQueryClient()}>
      <Popconfirm open title="Delete it?">
        <Button danger>Delete</Button>
      </Popconfirm>
      <Collapse activeKey={['one']} items={[{ key: 'one', label: 'Details', children: <p>More</p> }]} />
      <Form layout="vertical">
        <Form.Item label="Name" required validateStatus="error" help="Required">
          <Input />
        </Form.Item>
        <Form.Item label="Password">
          <Input.Password />
        </Form.Item>
      </Form>
      <Table columns={tableColumns} dataSource={tableRows} pagination={{ pageSize: 1 }} />
      <Alert type="error" title="Failed" closable />
      <Spin />
      <Skeleton />
      <Badge count={5}>
        <Button>Inbox</Button>
      </Badge>
      <Typography.Paragraph copyable ellipsis={{ rows: 1, expandable: true }}>
        A long text that may be cut
      </Typography.Paragraph>
      <Upload fileList={[{ uid: '1', name: 'art.png', status: 'done' }]}>
        <Button>Upload</Button>
      </Upload>
    </Providers>
  );
}

function injectedStyles(): HTMLStyleElement[] {
  return Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-rc-order]'));
}

/** Cuts every injected sheet to its visibility rules; returns a function that puts the whole sheets back. */
function cutSheets(): () => void {
  const styles = injectedStyles();
  const whole = styles.map((style) => style.innerHTML);
  for (const style of styles) style.innerHTML = visibilityRules(style.innerHTML);
  return () => {
    styles.forEach((style, index) => {
      style.innerHTML = whole[index] ?? '';
    });
  };
}

/** What a query sees of each element: its display and visibility, named by its place and classes. */
function shownState(): string[] {
  return Array.from(document.body.querySelectorAll('*')).map((element, index) => {
    const style = getComputedStyle(element);
    return `${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}: ${style.display} ${style.visibility}`;
  });
}

/**
 * Each display or visibility declaration of the injected sheets as jsdom holds them (parsed from the style
 * elements), in the order jsdom's cascade applies them: top-level rules and rules in an @media block.
 */
function shownDeclarations(): string[] {
  const declarations: string[] = [];
  const add = (rule: CSSRule, media: string) => {
    if (!(rule instanceof CSSStyleRule)) return;
    for (const property of ['display', 'visibility']) {
      const value = rule.style.getPropertyValue(property);
      const priority = rule.style.getPropertyPriority(property);
      if (value) declarations.push(`${media}${rule.selectorText} ${property}: ${value} ${priority}`);
    }
  };
  for (const style of injectedStyles()) {
    for (const rule of Array.from(style.sheet?.cssRules ?? [])) {
      if (rule instanceof CSSMediaRule) {
        for (const inner of Array.from(rule.cssRules)) add(inner, `@media ${rule.media.mediaText} `);
      } else add(rule, '');
    }
  }
  return declarations;
}

function ruleCount(): number {
  return injectedStyles().reduce((count, style) => count + (style.sheet?.cssRules.length ?? 0), 0);
}

describe('Ant Design with only its visibility rules', () => {
  beforeAll(() => {
    keepWholeStyleSheets();
  });
  afterAll(() => {
    keepOnlyVisibilityRules();
  });

  it('shows and hides every element of open and closed popups, a dialog and tabs as with the whole sheets', () => {
    const view = render(<Popups closed={false} />);
    view.rerender(<Popups closed={true} />);
    // With antd's whole sheets: slow, every rule is matched against every element.
    const whole = shownState();
    for (const closedPopup of [
      '.ant-select-dropdown-hidden',
      '.ant-tooltip-hidden',
      '.ant-dropdown-hidden',
    ]) {
      const element = document.querySelector(closedPopup);
      expect(element && getComputedStyle(element).display, closedPopup).toBe('none');
    }
    expect(whole.filter((state) => state.endsWith(' none visible')).length).toBeGreaterThan(3);

    const putBack = cutSheets();
    expect(shownState()).toEqual(whole);
    putBack();
  });

  it('keeps every display and visibility declaration of the sheets, in order, and a fraction of the rules', () => {
    render(<MoreComponents />);
    const whole = shownDeclarations();
    const wholeRules = ruleCount();
    expect(whole.length).toBeGreaterThan(200);

    const putBack = cutSheets();
    expect(shownDeclarations()).toEqual(whole);
    expect(ruleCount()).toBeLessThan(wholeRules / 4);
    putBack();
  });

  it('leaves a style element that rc-util did not inject whole', () => {
    keepOnlyVisibilityRules();
    const style = document.createElement('style');
    style.innerHTML = '.mine{color:red}';
    expect(style.innerHTML).toBe('.mine{color:red}');
    keepWholeStyleSheets();
  });
});
