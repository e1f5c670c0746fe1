import type { ThemeConfig } from 'antd';

/** Layerloom's palette: night-violet ink with the three thread colours of the logo. */
export const palette = {
  ink: '#16112b',
  inkSoft: '#2a2147',
  violet: '#7c4dff',
  violetDeep: '#5b2fd6',
  coral: '#f97360',
  teal: '#20c5b0',
  paper: '#f7f5fc',
  muted: '#6b6486',
} as const;

export const fonts = {
  body: "'Inter Variable', 'Segoe UI', system-ui, -apple-system, sans-serif",
  display: "'Space Grotesk Variable', 'Inter Variable', system-ui, sans-serif",
} as const;

/** The Ant Design theme: the product's own colours, type and rounder, softer surfaces. */
export const theme: ThemeConfig = {
  cssVar: { key: 'layerloom' },
  token: {
    colorPrimary: palette.violetDeep,
    colorInfo: palette.violetDeep,
    colorSuccess: '#14946f',
    colorWarning: '#c97a00',
    colorError: '#d33b4e',
    colorLink: palette.violetDeep,
    colorTextBase: palette.ink,
    colorBgLayout: palette.paper,
    fontFamily: fonts.body,
    fontSize: 15,
    borderRadius: 10,
    borderRadiusLG: 16,
    controlHeight: 40,
    wireframe: false,
  },
  components: {
    Button: { fontWeight: 600, primaryShadow: '0 6px 18px rgba(91, 47, 214, 0.28)' },
    Layout: { headerBg: '#ffffff', siderBg: palette.ink, bodyBg: palette.paper },
    Menu: {
      darkItemBg: palette.ink,
      darkSubMenuItemBg: palette.ink,
      darkItemSelectedBg: palette.violetDeep,
      itemBorderRadius: 10,
    },
    Card: { borderRadiusLG: 18 },
    Modal: { borderRadiusLG: 18 },
    Typography: { fontFamilyCode: "ui-monospace, 'SFMono-Regular', Menlo, monospace" },
  },
};
