import { Drawer, type DrawerProps } from 'antd';

/**
 * The tablet and phone menu's drawer. Its own module, loaded when the menu button is first pointed at,
 * focused or pressed: antd's Drawer is not part of every dashboard page's first load (and never needed on
 * a desktop, whose sidebar shows the menu).
 */
export function MenuDrawer(props: DrawerProps) {
  return <Drawer {...props} />;
}
