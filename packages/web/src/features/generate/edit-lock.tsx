import { ConfigProvider } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';

const EditLockContext = createContext(false);

/**
 * A part of the editor that a member who may not edit (a Viewer) reads only: every Ant Design control in it
 * is disabled (antd's `componentDisabled`), and {@link useEditLocked} tells the controls that set their own
 * `disabled` (an upload area, "Add" buttons) to be disabled too. Always rendered, locked or not, so a role
 * known a moment after the page opens changes no component's identity (nothing typed is lost).
 */
export function EditLock({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <ConfigProvider componentDisabled={locked}>
      <EditLockContext.Provider value={locked}>{children}</EditLockContext.Provider>
    </ConfigProvider>
  );
}

/** Whether the part of the editor this is in is read only (see {@link EditLock}). */
export function useEditLocked(): boolean {
  return useContext(EditLockContext);
}
