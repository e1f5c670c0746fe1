import { Skeleton, Tabs } from 'antd';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { settingsTabs } from './settings-tabs.tsx';
import './settings.css';

/**
 * `/dashboard/settings` (the spec's "Account Setting" page key), titled Settings as its menu entry is: one tab
 * per part of the account, chosen by `?tab=`.
 */
export function SettingsPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const active = settingsTabs.find((tab) => tab.key === requested) ?? settingsTabs[0];
  useDocumentTitle(active ? `Settings · ${active.label}` : 'Settings');
  return (
    <div className="lls-page">
      <header className="lls-head">
        <h1 className="lls-title">Settings</h1>
        <p className="lls-sub">Your profile and how your account works.</p>
      </header>
      <div className="lls-card">
        <Tabs
          activeKey={active?.key}
          onChange={(key) => setSearch(key === settingsTabs[0]?.key ? {} : { tab: key }, { replace: true })}
          items={settingsTabs.map(({ key, label, Component }) => ({
            key,
            label,
            children: (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <Component />
              </Suspense>
            ),
          }))}
        />
      </div>
    </div>
  );
}
