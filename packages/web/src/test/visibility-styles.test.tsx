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

const tableColumns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];
const tableRows = [
  { key: '1', name: 'Moon Cats' },
  { key: '2', name: 'Sun Dogs' },
];

/**
 * Ant Design's components that show and hide parts (popups, dialogs, panels, messages, lists), first open
 * and then closed: a closed popup stays in the page, hidden by antd's classes.
 */
function Components({ closed }: { closed: boolean }) {
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
      <Collapse
        activeKey={closed ? [] : ['one']}
        items={[{ key: 'one', label: 'Details', children: <p>More</p> }]}
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
      <Popconfirm open={open} title="Delete it?">
        <Button danger>Delete</Button>
      </Popconfirm>
      <Dropdown open={open} menu={{ items: [{ key: 'x', label: 'Rename' }] }}>
        <Button>Menu</Button>
      </Dropdown>
      <Modal open={open} title="Dialog">
        Body
      </Modal>
      <Form>
        <Form.Item
          label="Name"
          required
          validateStatus={closed ? '' : 'error'}
          help={closed ? undefined : 'Required'}
        >
          <Input.Password />
        </Form.Item>
      </Form>
      <Table columns={tableColumns} dataSource={tableRows} pagination={{ pageSize: 1 }} />
      <Alert type="error" title="Failed" closable />
      {closed ? <Skeleton /> : <Spin />}
      <Badge count={closed ? 0 : 5}>
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

function ruleCount(): number {
  return injectedStyles().reduce((count, style) => count + (style.sheet?.cssRules.length ?? 0), 0);
}

/** What a query sees of each element: its display and visibility, named by its place and classes. */
function shownState(): string[] {
  return Array.from(document.body.querySelectorAll('*')).map((element, index) => {
    const style = getComputedStyle(element);
    return `${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}: ${style.display} ${style.visibility}`;
  });
}

describe('Ant Design with only its visibility rules', () => {
  beforeAll(() => {
    keepWholeStyleSheets();
  });
  afterAll(() => {
    keepOnlyVisibilityRules();
  });

  it('shows and hides every element as with its whole style sheets', () => {
    const view = render(<Components closed={false} />);
    view.rerender(<Components closed={true} />);
    // With antd's whole sheets (slow: every rule is matched against every element).
    const whole = shownState();
    const wholeRules = ruleCount();
    expect(whole.filter((state) => state.endsWith(' none visible')).length).toBeGreaterThan(5);
    for (const closedPopup of [
      '.ant-select-dropdown-hidden',
      '.ant-tooltip-hidden',
      '.ant-dropdown-hidden',
    ]) {
      const element = document.querySelector(closedPopup);
      expect(element && getComputedStyle(element).display, closedPopup).toBe('none');
    }

    for (const style of injectedStyles()) style.innerHTML = visibilityRules(style.innerHTML);

    expect(shownState()).toEqual(whole);
    expect(ruleCount()).toBeLessThan(wholeRules / 4);
  });

  it('leaves a style element that rc-util did not inject whole', () => {
    keepOnlyVisibilityRules();
    const style = document.createElement('style');
    style.innerHTML = '.mine{color:red}';
    expect(style.innerHTML).toBe('.mine{color:red}');
    keepWholeStyleSheets();
  });
});
